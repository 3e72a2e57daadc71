import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from './config.ts';

describe('loadConfig', () => {
  it('has a default for everything the quick start needs', () => {
    const c = loadConfig({});
    expect(c.PORT).toBe(8080);
    expect(c.DATA_DIR).toMatch(/\/data$/);
    expect(c.sqlitePath).toMatch(/\/data\/vigil\.sqlite$/);
    expect(c.DATABASE_URL).toBeUndefined();
    expect(c.publicUrl).toBe('http://localhost:8080');
    expect(c.SUPPORT_PASSWORD).toBeUndefined();
  });

  it('lists every problem at once, readably', () => {
    try {
      loadConfig({ PORT: 'eighty', DATABASE_URL: 'mysql://x', SUPPORT_PASSWORD: 'short', REGION_MAP: 'eu' });
      expect.unreachable();
    } catch (e) {
      expect(e).toBeInstanceOf(ConfigError);
      const problems = (e as ConfigError).problems.join('\n');
      expect(problems).toContain('PORT');
      expect(problems).toContain('DATABASE_URL: must be a postgres:// URL');
      expect(problems).toContain('SUPPORT_PASSWORD: must be at least 8 characters');
      expect(problems).toContain('REGION_MAP: "eu" is not region=url');
      expect((e as Error).message.split('\n')[0]).toBe('Invalid configuration:');
    }
  });

  it('parses the region map and treats empty values as unset', () => {
    const c = loadConfig({
      REGION_MAP: 'eu=https://eu.example.com/, us=https://us.example.com',
      DATABASE_URL: '',
    });
    expect(c.REGION_MAP).toEqual({ eu: 'https://eu.example.com', us: 'https://us.example.com' });
    expect(c.DATABASE_URL).toBeUndefined();
  });

  it('roles: all by default; a recorder is named after its host and port and needs PostgreSQL', () => {
    const c = loadConfig({});
    expect(c.ROLE).toBe('all');
    expect(c.LEASE_TTL_SEC).toBe(10);
    expect(c.RECORDER_CAPACITY).toBe(200);
    const r = loadConfig({ ROLE: 'recorder', PORT: '9001', DATABASE_URL: 'postgres://db/vigil' });
    expect(r.RECORDER_ID).toMatch(/^[^:]+:9001$/);
    expect(r.RECORDER_PUBLIC_URL).toBe('http://localhost:9001');
    expect(
      loadConfig({
        ROLE: 'recorder',
        DATABASE_URL: 'postgres://db/vigil',
        RECORDER_PUBLIC_URL: 'https://rec-3.example.com/',
      }).RECORDER_PUBLIC_URL,
    ).toBe('https://rec-3.example.com');
    expect(() => loadConfig({ ROLE: 'server' })).toThrow(
      "ROLE: 'server' needs PostgreSQL (DATABASE_URL); only 'all' runs on SQLite",
    );
    expect(() => loadConfig({ ROLE: 'worker', DATABASE_URL: 'postgres://db/vigil' })).toThrow(/ROLE/);
  });
});

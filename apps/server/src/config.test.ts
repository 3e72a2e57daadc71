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
});

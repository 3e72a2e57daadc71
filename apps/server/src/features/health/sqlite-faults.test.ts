import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import SQLite from 'better-sqlite3';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../testing/harness.ts';

/**
 * The SQLite file is locked by another connection holding a write transaction, then deleted (decision 0015):
 * sign-in answers 503 within the busy bound instead of hanging and failing with a 500, and /health, which asks the
 * file itself, says so; once the lock is released everything works again.
 */
describe('SQLite locked or deleted', () => {
  const dir = mkdtempSync(join(tmpdir(), 'vigil-sqlite-faults-'));
  const path = join(dir, 'vigil.db');
  let t: TestApp;
  let user: { email: string; password: string };

  beforeAll(async () => {
    t = await createTestApp('sqlite', {}, {}, { sqlitePath: path });
    user = await t.createUser();
  });
  afterAll(async () => {
    await t?.app.close();
    await t?.db.destroy();
    rmSync(dir, { recursive: true, force: true });
  });

  const signIn = () =>
    t.call({ method: 'POST', url: '/login', payload: { email: user.email, password: user.password } });
  const health = () => t.call({ method: 'GET', url: '/health' });

  it('answers sign-in with 503 database_busy within 3 s while another connection holds the write lock', async () => {
    const other = new SQLite(path);
    other.exec('BEGIN IMMEDIATE');
    try {
      const started = performance.now();
      const res = await signIn();
      const elapsedMs = performance.now() - started;
      expect(res.status).toBe(503);
      expect(res.json).toEqual({
        error: 'The database is busy; try again in a moment',
        code: 'database_busy',
      });
      expect(res.headers['retry-after']).toBe('5');
      expect(elapsedMs).toBeLessThan(3000);
      const h = await health();
      expect(h.status).toBe(503);
      expect(h.json).toMatchObject({ status: 'unavailable', database: 'sqlite', databaseStatus: 'busy' });
    } finally {
      other.exec('ROLLBACK');
      other.close();
    }
    expect((await signIn()).status).toBe(200);
    const h = await health();
    expect(h.status).toBe(200);
    expect(h.json).toMatchObject({ status: 'ok', databaseStatus: 'up' });
  });

  it('answers 503 database_unavailable and a down health once the file is deleted', async () => {
    for (const f of [path, `${path}-wal`, `${path}-shm`]) rmSync(f, { force: true });
    const res = await signIn();
    expect(res.status).toBe(503);
    expect(res.json).toEqual({
      error: 'The database cannot be reached right now; try again in a moment',
      code: 'database_unavailable',
    });
    const h = await health();
    expect(h.status).toBe(503);
    expect(h.json).toMatchObject({ status: 'unavailable', database: 'sqlite', databaseStatus: 'down' });
  });
});

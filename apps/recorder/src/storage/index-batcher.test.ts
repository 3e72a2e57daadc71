import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { EpochMs, Uidd } from '@vigil/contracts';
import { createTestDb, type TestDb } from '@vigil/db/testing';
import SQLite from 'better-sqlite3';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { RecorderLog } from '../log.ts';
import { IndexBatcher } from './index-batcher.ts';
import { SegmentsRepository } from './segments-repository.ts';

/**
 * Segment rows while the database cannot be written (decision 0015), with a real fault: another connection holds
 * the SQLite file's write lock. Rows wait in order, the outage is logged once, they are written when the lock is
 * released; past the bound the oldest are given up.
 */
const uidd = 'owner1.cam1' as Uidd;
const T0 = Date.UTC(2025, 0, 15, 12, 0, 0);
const row = (i: number) => ({
  uidd,
  stream: 'main' as const,
  startMs: (T0 + i * 4000) as EpochMs,
  endMs: (T0 + i * 4000 + 4000) as EpochMs,
  bytes: 100 + i,
  path: `${uidd}/main/2025-01-15/${T0 + i * 4000}.abc.m4s`,
  initPath: `${uidd}/main/init-abc.mp4`,
  codec: 'avc1.64001f',
});

function recordingLog() {
  const lines: { level: string; msg: string }[] = [];
  const at =
    (level: string) =>
    (_obj: object, msg: string): void => {
      lines.push({ level, msg });
    };
  const log: RecorderLog = { debug: at('debug'), info: at('info'), warn: at('warn'), error: at('error') };
  return { log, lines };
}

describe('segment rows while the database is locked', () => {
  const dir = mkdtempSync(join(tmpdir(), 'vigil-index-batcher-'));
  const path = join(dir, 'vigil.db');
  let db: TestDb;
  let repo: SegmentsRepository;

  beforeAll(async () => {
    db = await createTestDb('sqlite', { sqlitePath: path });
    repo = new SegmentsRepository(db.db);
  });
  afterAll(async () => {
    await db?.destroy();
    rmSync(dir, { recursive: true, force: true });
  });

  const bytesIndexed = async () =>
    (await db.db.selectFrom('segments').select('bytes').orderBy('start_ms').execute()).map((r) =>
      Number(r.bytes),
    );

  it('keeps rows in order while locked, logs the outage once, and writes them all once released', async () => {
    await db.db.deleteFrom('segments').execute();
    const { log, lines } = recordingLog();
    const batcher = new IndexBatcher(repo, 0, { log, retryInitialMs: 20, retryMaxMs: 100 });
    const other = new SQLite(path);
    other.exec('BEGIN IMMEDIATE');
    const added: Promise<unknown>[] = [];
    try {
      for (let i = 0; i < 4; i++) added.push(batcher.add(row(i)));
      // Retries go on (each waits out the busy timeout): the rows are still waiting, none written.
      await expect.poll(() => lines.length, { timeout: 10_000 }).toBe(1);
      for (let i = 4; i < 6; i++) added.push(batcher.add(row(i)));
      expect(batcher.pending).toBe(6);
    } finally {
      other.exec('ROLLBACK');
      other.close();
    }
    await Promise.all(added);
    expect(await bytesIndexed()).toEqual([100, 101, 102, 103, 104, 105]);
    expect(batcher.pending).toBe(0);
    expect(lines.map((l) => [l.level, l.msg])).toEqual([
      ['warn', 'database unavailable: recording goes on, segment rows wait until it is back'],
      ['info', 'database back: every waiting segment row is written'],
    ]);
  });

  it('writes no row twice when a retried row was already committed', async () => {
    await db.db.deleteFrom('segments').execute();
    // As if the INSERT of row 1 had been committed just before its connection was lost.
    const committed = await repo.insert(row(1));
    const { log, lines } = recordingLog();
    const batcher = new IndexBatcher(repo, 0, { log, retryInitialMs: 20, retryMaxMs: 100 });
    const other = new SQLite(path);
    other.exec('BEGIN IMMEDIATE');
    const added: Promise<unknown>[] = [];
    try {
      added.push(batcher.add(row(0)), batcher.add(row(1)), batcher.add(row(2)));
      await expect.poll(() => lines.length, { timeout: 10_000 }).toBe(1);
    } finally {
      other.exec('ROLLBACK');
      other.close();
    }
    const [, again] = (await Promise.all(added)) as { id: string }[];
    expect(again?.id).toBe(committed.id);
    expect(await bytesIndexed()).toEqual([100, 101, 102]);
  });

  it('gives up the oldest rows past its bound, saying so once', async () => {
    await db.db.deleteFrom('segments').execute();
    const { log, lines } = recordingLog();
    const batcher = new IndexBatcher(repo, 0, { log, retryInitialMs: 20, retryMaxMs: 100, maxWaiting: 3 });
    const other = new SQLite(path);
    other.exec('BEGIN IMMEDIATE');
    const added: Promise<unknown>[] = [];
    try {
      added.push(batcher.add(row(0)));
      await expect.poll(() => lines.length, { timeout: 10_000 }).toBe(1);
      for (let i = 1; i < 6; i++) added.push(batcher.add(row(i)));
      expect(batcher.pending).toBe(3);
    } finally {
      other.exec('ROLLBACK');
      other.close();
    }
    const results = await Promise.all(added);
    expect(results.map((r) => r !== undefined)).toEqual([false, false, false, true, true, true]);
    expect(await bytesIndexed()).toEqual([103, 104, 105]);
    expect(lines.map((l) => l.level)).toEqual(['warn', 'error', 'info']);
  });
});

import { execFileSync } from 'node:child_process';
import { closeSync, openSync, rmSync, writeSync } from 'node:fs';
import { join } from 'node:path';
import { DatabaseSync } from 'node:sqlite';
import pg from 'pg';
import { sleep } from './proc.ts';

/** The chaos bench's injected faults (scripts/bench/chaos.ts): each returns when the fault is removed. */

/**
 * PostgreSQL: every session of the bench's database is ended (pg_terminate_backend), from an admin connection to
 * another database, so nothing else on the server is touched. Returns how many sessions were ended.
 */
export async function dropPgSessions(adminUrl: string, database: string): Promise<number> {
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  try {
    const r = await admin.query(
      'SELECT pg_terminate_backend(pid) AS ended FROM pg_stat_activity WHERE datname = $1 AND pid <> pg_backend_pid()',
      [database],
    );
    return r.rows.filter((row: { ended: boolean }) => row.ended).length;
  } finally {
    await admin.end();
  }
}

/**
 * SQLite has no connection to drop (it is a file the server opened itself): the nearest fault is the database
 * refusing writes. Another connection holds the write lock for `ms`; the server's writers wait their busy timeout
 * (5 s) and then fail with SQLITE_BUSY.
 */
export async function lockSqlite(path: string, ms: number): Promise<void> {
  const db = new DatabaseSync(path);
  try {
    db.exec('PRAGMA busy_timeout = 10000');
    db.exec('BEGIN EXCLUSIVE');
    await sleep(ms);
    db.exec('COMMIT');
  } finally {
    db.close();
  }
}

/** A tmpfs of `sizeMb` on `dir` (root only); false when it cannot be mounted. */
export function mountTmpfs(dir: string, sizeMb: number): boolean {
  if (process.getuid?.() !== 0) return false;
  try {
    execFileSync('mount', ['-t', 'tmpfs', '-o', `size=${sizeMb}m`, 'tmpfs', dir], { stdio: 'ignore' });
    return true;
  } catch {
    return false;
  }
}

export function unmount(dir: string): void {
  try {
    execFileSync('umount', ['-l', dir], { stdio: 'ignore' });
  } catch {
    // Not mounted.
  }
}

/**
 * Fills the file system of `dir` to the last byte with a file, keeps it full for `ms` (what the server writes
 * meanwhile fails with ENOSPC), then deletes the file. Returns the MB written.
 */
export async function fillDisk(dir: string, ms: number): Promise<number> {
  const path = join(dir, 'chaos-fill.bin');
  const chunk = Buffer.alloc(1 << 20, 0xa5);
  const fd = openSync(path, 'w');
  let written = 0;
  try {
    for (;;) {
      try {
        written += writeSync(fd, chunk);
      } catch {
        break;
      }
    }
    // Smaller and smaller writes for the last MB, so nothing is left.
    for (const size of [4096, 512, 1])
      for (;;) {
        try {
          written += writeSync(fd, chunk.subarray(0, size));
        } catch {
          break;
        }
      }
    await sleep(ms);
  } finally {
    closeSync(fd);
    rmSync(path, { force: true });
  }
  return Math.round(written / (1 << 20));
}

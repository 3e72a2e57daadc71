import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { type DbHandle, migrateToLatest, openDb } from '@vigil/db';
import { createTestDb } from '@vigil/db/testing';
import { sql } from 'kysely';
import { buildApp } from '../../../apps/server/src/app.ts';
import { loadConfig } from '../../../apps/server/src/config.ts';
import { hashPassword } from '../../../apps/server/src/features/auth/passwords.ts';
import { newUserRow, UsersRepository } from '../../../apps/server/src/features/auth/users-repository.ts';

/** The one account a query bench signs in as. */
export interface BenchAccount {
  uid: string;
  email: string;
  password: string;
  type: 'u' | 's';
}

/** A query bench's database: its folder (the SQLite file, the server's data), the handle, and the way to drop both. */
export interface QueryDb {
  dir: string;
  handle: DbHandle;
  close(): Promise<void>;
}

/** `p`th percentile of ascending `sorted`. */
export const pct = (sorted: number[], p: number) =>
  sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))]!;

/** A fresh database of `kind` (SQLite in a temporary folder, or a PostgreSQL test database), migrated, with `who`. */
export async function openQueryDb(kind: 'sqlite' | 'postgres', who: BenchAccount): Promise<QueryDb> {
  const dir = mkdtempSync(join(tmpdir(), 'vigil-bench-'));
  const handle =
    kind === 'sqlite' ? openDb({ sqlitePath: join(dir, 'bench.sqlite') }) : await createTestDb('postgres');
  const close = async () => {
    await handle.destroy();
    rmSync(dir, { recursive: true, force: true });
  };
  try {
    await migrateToLatest(handle.db);
    await new UsersRepository(handle.db).createAccount(
      newUserRow({
        uid: who.uid,
        email: who.email,
        password_hash: await hashPassword(who.password),
        account_type: who.type,
        region: 'local',
        created_at: Date.now(),
        email_verified_at: Date.now(),
      }),
      undefined,
      [],
    );
  } catch (err) {
    await close();
    throw err;
  }
  return { dir, handle, close };
}

/** How many rows `table` holds now. */
export async function rowCount(q: QueryDb, table: string): Promise<number> {
  return Number(
    (await sql<{ n: number }>`SELECT count(*) AS n FROM ${sql.table(table)}`.execute(q.handle.db)).rows[0]?.n,
  );
}

/** The real server over `q` in this process (app.inject), and `who`'s session token. */
export async function signedInApp(q: QueryDb, who: BenchAccount) {
  const config = loadConfig({
    DATA_DIR: q.dir,
    WEB_DIST: '/nonexistent',
    LOG_LEVEL: 'silent',
    SUPPORT_PASSWORD: 'unused-support',
  });
  const app = await buildApp({ config, database: q.handle, logger: false });
  const login = await app.inject({
    method: 'POST',
    url: '/login',
    payload: { email: who.email, password: who.password },
  });
  return { app, token: login.json().authToken as string };
}

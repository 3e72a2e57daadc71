/**
 * support-search: support's account search (GET /support/accounts?q=) with 100,000 accounts in the database, on
 * SQLite and on PostgreSQL, through the real server (app.inject: validation, the support check, query, JSON).
 * Queries mix an e-mail prefix, an exact user id, an installer id and a camera id (owner.device).
 * Target (issue 17): p99 <= 50 ms.
 *
 *   npm run bench -- support-search [--accounts 100000] [--queries 1000] [--db sqlite,postgres]
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import { migrateToLatest, openDb } from '@vigil/db';
import { createTestDb } from '@vigil/db/testing';
import { sql } from 'kysely';
import { buildApp } from '../../apps/server/src/app.ts';
import { loadConfig } from '../../apps/server/src/config.ts';
import { hashPassword } from '../../apps/server/src/features/auth/passwords.ts';
import { newUserRow, UsersRepository } from '../../apps/server/src/features/auth/users-repository.ts';

const { values } = parseArgs({
  options: {
    accounts: { type: 'string', default: '100000' },
    queries: { type: 'string', default: '1000' },
    db: { type: 'string', default: 'sqlite,postgres' },
  },
});
const ACCOUNTS = Number(values.accounts);
const QUERIES = Number(values.queries);
/** One account in ten belongs to one of this many installers. */
const INSTALLERS = 500;

/** Fills users with one server-side statement: u<i>, person<i>@example<i % 97>.com, every tenth with an installer. */
async function fill(kind: 'sqlite' | 'postgres', db: ReturnType<typeof openDb>['db']): Promise<void> {
  const N = sql.lit(ACCOUNTS);
  const I = sql.lit(INSTALLERS);
  const cols = sql`(uid, email, password_hash, account_type, region, installer_id, is_demo, language, country,
    currency, marketing_emails, created_at)`;
  if (kind === 'sqlite') {
    await sql`WITH RECURSIVE n(i) AS (SELECT 0 UNION ALL SELECT i + 1 FROM n WHERE i + 1 < ${N})
      INSERT INTO users ${cols}
      SELECT 'u' || i, 'person' || i || '@example' || (i % 97) || '.com', NULL, 'u', 'local',
             CASE WHEN i % 10 = 0 THEN 'inst-' || (i % ${I}) ELSE NULL END, 0, 'en', 'US', 'USD', 0, i
      FROM n`.execute(db);
    await sql`ANALYZE`.execute(db);
  } else {
    await sql`INSERT INTO users ${cols}
      SELECT 'u' || i, 'person' || i || '@example' || (i % 97) || '.com', NULL, 'u', 'local',
             CASE WHEN i % 10 = 0 THEN 'inst-' || (i % ${I}) ELSE NULL END, 0, 'en', 'US', 'USD', 0, i
      FROM generate_series(0, ${sql.lit(ACCOUNTS - 1)}) AS i`.execute(db);
    await sql`ANALYZE users`.execute(db);
  }
}

const pct = (sorted: number[], p: number) =>
  sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))]!;

/** A query of each kind in turn. */
function query(q: number): string {
  const i = Math.floor(Math.random() * ACCOUNTS);
  switch (q % 4) {
    case 0:
      return `person${i}@`.slice(0, 8 + (q % 5));
    case 1:
      return `u${i}`;
    case 2:
      return `inst-${i % INSTALLERS}`;
    default:
      return `u${i}.cam1`;
  }
}

async function run(kind: 'sqlite' | 'postgres') {
  const dir = mkdtempSync(join(tmpdir(), 'vigil-bench-'));
  const handle =
    kind === 'sqlite' ? openDb({ sqlitePath: join(dir, 'bench.sqlite') }) : await createTestDb('postgres');
  try {
    await migrateToLatest(handle.db);
    const password = 'bench support password';
    await new UsersRepository(handle.db).createAccount(
      newUserRow({
        uid: 'support',
        email: 'support@bench.example',
        password_hash: await hashPassword(password),
        account_type: 's',
        region: 'local',
        created_at: Date.now(),
        email_verified_at: Date.now(),
      }),
      undefined,
      [],
    );
    const t0 = performance.now();
    await fill(kind, handle.db);
    const fillSec = (performance.now() - t0) / 1000;
    const count = Number(
      (await sql<{ n: number }>`SELECT count(*) AS n FROM users`.execute(handle.db)).rows[0]?.n,
    );
    console.log(`${kind}: ${count.toLocaleString()} accounts written in ${fillSec.toFixed(1)} s`);

    const config = loadConfig({
      DATA_DIR: dir,
      WEB_DIST: '/nonexistent',
      LOG_LEVEL: 'silent',
      SUPPORT_PASSWORD: 'unused-support',
    });
    const app = await buildApp({ config, database: handle, logger: false });
    const login = await app.inject({
      method: 'POST',
      url: '/login',
      payload: { email: 'support@bench.example', password },
    });
    const token = login.json().authToken as string;
    const times: number[] = [];
    const byKind: number[][] = [[], [], [], []];
    let rows = 0;
    for (let q = 0; q < QUERIES + 50; q++) {
      const url = `/support/accounts?q=${encodeURIComponent(query(q))}`;
      const s = performance.now();
      const res = await app.inject({ method: 'GET', url, headers: { authorization: `Bearer ${token}` } });
      const ms = performance.now() - s;
      if (res.statusCode !== 200) throw new Error(`${res.statusCode} ${res.body}`);
      if (q >= 50) {
        times.push(ms); // the first 50 warm the caches and the JIT
        byKind[q % 4]!.push(ms);
        rows += (res.json() as { accounts: unknown[] }).accounts.length;
      }
    }
    await app.close();
    times.sort((a, b) => a - b);
    const r = {
      db: kind,
      accounts: count,
      queries: QUERIES,
      avgRows: +(rows / QUERIES).toFixed(1),
      p50Ms: +pct(times, 50).toFixed(2),
      p99Ms: +pct(times, 99).toFixed(2),
      maxMs: +times.at(-1)!.toFixed(2),
      fillSec: +fillSec.toFixed(1),
    };
    const kinds = ['e-mail prefix', 'user id', 'installer id', 'camera id'];
    for (const [k, ts] of byKind.entries()) {
      ts.sort((a, b) => a - b);
      console.log(`${kind}: ${kinds[k]}: p50 ${pct(ts, 50).toFixed(2)} ms, p99 ${pct(ts, 99).toFixed(2)} ms`);
    }
    console.log(`${kind}: support search: p50 ${r.p50Ms} ms, p99 ${r.p99Ms} ms (avg ${r.avgRows} rows)`);
    return r;
  } finally {
    await handle.destroy();
    rmSync(dir, { recursive: true, force: true });
  }
}

const results = [];
for (const kind of values.db.split(',') as ('sqlite' | 'postgres')[]) results.push(await run(kind));
console.log(JSON.stringify({ bench: 'support-search', targetP99Ms: 50, results }));

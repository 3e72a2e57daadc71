/**
 * support-search: support's account search (GET /support/accounts?q=) with 100,000 accounts in the database, on
 * SQLite and on PostgreSQL, through the real server (app.inject: validation, the support check, query, JSON).
 * Queries mix an e-mail prefix, an exact user id, an installer id and a camera id (owner.device).
 * Target (issue 17): p99 <= 50 ms.
 *
 *   npm run bench -- support-search [--accounts 100000] [--queries 1000] [--db sqlite,postgres]
 */
import { parseArgs } from 'node:util';
import type { openDb } from '@vigil/db';
import { sql } from 'kysely';
import { openQueryDb, pct, rowCount, signedInApp } from './lib/query-rig.ts';

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

const WHO = {
  uid: 'support',
  email: 'support@bench.example',
  password: 'bench support password',
  type: 's',
} as const;

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
  const rig = await openQueryDb(kind, WHO);
  try {
    const t0 = performance.now();
    await fill(kind, rig.handle.db);
    const fillSec = (performance.now() - t0) / 1000;
    const count = await rowCount(rig, 'users');
    console.log(`${kind}: ${count.toLocaleString()} accounts written in ${fillSec.toFixed(1)} s`);

    const { app, token } = await signedInApp(rig, WHO);
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
    await rig.close();
  }
}

const results = [];
for (const kind of values.db.split(',') as ('sqlite' | 'postgres')[]) results.push(await run(kind));
console.log(JSON.stringify({ bench: 'support-search', targetP99Ms: 50, results }));

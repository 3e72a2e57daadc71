/**
 * events-query: a page of 50 events for a handful of cameras and a day, with millions of events in the database,
 * on SQLite and on PostgreSQL, through the real server (app.inject: validation, access check, query, JSON).
 * Target (issue 6): p99 <= 20 ms with 10 million events.
 *
 *   npm run bench -- events-query [--events 10000000] [--cameras 1000] [--queries 1000] [--db sqlite,postgres]
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
    events: { type: 'string', default: '10000000' },
    cameras: { type: 'string', default: '1000' },
    queries: { type: 'string', default: '1000' },
    cams: { type: 'string', default: '5' },
    db: { type: 'string', default: 'sqlite,postgres' },
  },
});
const EVENTS = Number(values.events);
const CAMERA_COUNT = Number(values.cameras);
const QUERIES = Number(values.queries);
const CAMS_PER_QUERY = Number(values.cams);
const DAYS = 365;
const DAY_MS = 86_400_000;
const START = Date.UTC(2025, 10, 1);
const OWNER = 'bench';

/** Fills events with one server-side statement: camera i % CAMERAS, spread evenly over DAYS days. */
async function fill(kind: 'sqlite' | 'postgres', db: ReturnType<typeof openDb>['db']): Promise<void> {
  // Literals, not parameters: SQLite would bind JS numbers as REAL and turn the integer arithmetic into floats.
  const spacing = sql.lit(Math.floor((DAYS * DAY_MS) / Math.ceil(EVENTS / CAMERA_COUNT)));
  const T0 = sql.lit(START);
  const CAMERAS = sql.lit(CAMERA_COUNT);
  if (kind === 'sqlite') {
    await sql`WITH RECURSIVE n(i) AS (SELECT 0 UNION ALL SELECT i + 1 FROM n WHERE i + 1 < ${sql.lit(EVENTS)})
      INSERT INTO events (id, owner_uid, camera_uidd, start_ms, end_ms, score, rom, logger, has_high_res_still, created_at)
      SELECT printf('%013d%09d', ${T0} + (i / ${CAMERAS}) * ${spacing} + (i % ${CAMERAS}) * 37, i), ${sql.lit(OWNER)},
             ${sql.lit(OWNER)} || '.cam' || (i % ${CAMERAS}), ${T0} + (i / ${CAMERAS}) * ${spacing} + (i % ${CAMERAS}) * 37,
             ${T0} + (i / ${CAMERAS}) * ${spacing} + (i % ${CAMERAS}) * 37 + 15000, i % 11, 0, 'local', 1, ${T0}
      FROM n`.execute(db);
    await sql`ANALYZE`.execute(db);
  } else {
    await sql`INSERT INTO events (id, owner_uid, camera_uidd, start_ms, end_ms, score, rom, logger, has_high_res_still, created_at)
      SELECT lpad((${T0}::bigint + (i / ${CAMERAS}) * ${spacing} + (i % ${CAMERAS}) * 37)::text, 13, '0') || lpad(i::text, 9, '0'),
             ${sql.lit(OWNER)}, ${sql.lit(OWNER)} || '.cam' || (i % ${CAMERAS}), ${T0}::bigint + (i / ${CAMERAS}) * ${spacing} + (i % ${CAMERAS}) * 37,
             ${T0}::bigint + (i / ${CAMERAS}) * ${spacing} + (i % ${CAMERAS}) * 37 + 15000, i % 11, 0, 'local', 1, ${T0}
      FROM generate_series(0::bigint, ${sql.lit(EVENTS - 1)}::bigint) AS i`.execute(db);
    await sql`ANALYZE events`.execute(db);
  }
}

const pct = (sorted: number[], p: number) =>
  sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))]!;

async function run(kind: 'sqlite' | 'postgres') {
  const dir = mkdtempSync(join(tmpdir(), 'vigil-bench-'));
  const handle =
    kind === 'sqlite' ? openDb({ sqlitePath: join(dir, 'bench.sqlite') }) : await createTestDb('postgres');
  try {
    await migrateToLatest(handle.db);
    const password = 'bench password 1';
    await new UsersRepository(handle.db).createAccount(
      newUserRow({
        uid: OWNER,
        email: 'bench@example.com',
        password_hash: await hashPassword(password),
        account_type: 'u',
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
      (await sql<{ n: number }>`SELECT count(*) AS n FROM events`.execute(handle.db)).rows[0]?.n,
    );
    console.log(`${kind}: ${count.toLocaleString()} events written in ${fillSec.toFixed(1)} s`);

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
      payload: { email: 'bench@example.com', password },
    });
    const token = login.json().authToken as string;
    const times: number[] = [];
    let rows = 0;
    for (let q = 0; q < QUERIES + 50; q++) {
      const cams = Array.from(
        { length: CAMS_PER_QUERY },
        () => `${OWNER}.cam${Math.floor(Math.random() * CAMERA_COUNT)}`,
      );
      const day = START + Math.floor(Math.random() * (DAYS - 1)) * DAY_MS;
      const url = `/events?uidd=${cams.join(',')}&startt=${day}&endt=${day + DAY_MS - 1}`;
      const s = performance.now();
      const res = await app.inject({ method: 'GET', url, headers: { authorization: `Bearer ${token}` } });
      const ms = performance.now() - s;
      if (res.statusCode !== 200) throw new Error(`${res.statusCode} ${res.body}`);
      if (q >= 50) {
        times.push(ms); // the first 50 warm the caches and the JIT
        rows += (res.json() as unknown[]).length;
      }
    }
    await app.close();
    times.sort((a, b) => a - b);
    const r = {
      db: kind,
      events: count,
      queries: QUERIES,
      camerasPerQuery: CAMS_PER_QUERY,
      avgRows: +(rows / QUERIES).toFixed(1),
      p50Ms: +pct(times, 50).toFixed(2),
      p99Ms: +pct(times, 99).toFixed(2),
      maxMs: +times.at(-1)!.toFixed(2),
      fillSec: +fillSec.toFixed(1),
    };
    console.log(
      `${kind}: page of ${CAMS_PER_QUERY} cameras × 1 day: p50 ${r.p50Ms} ms, p99 ${r.p99Ms} ms (avg ${r.avgRows} rows)`,
    );
    return r;
  } finally {
    await handle.destroy();
    rmSync(dir, { recursive: true, force: true });
  }
}

const results = [];
for (const kind of values.db.split(',') as ('sqlite' | 'postgres')[]) results.push(await run(kind));
console.log(JSON.stringify({ bench: 'events-query', targetP99Ms: 20, results }));

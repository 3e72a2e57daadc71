/**
 * events-query: a page of 50 events for a handful of cameras and a day, with millions of events in the database,
 * on SQLite and on PostgreSQL, through the real server (app.inject: validation, access check, query, JSON).
 * Target (issue 6): p99 <= 20 ms with 10 million events.
 *
 *   npm run bench -- events-query [--events 10000000] [--cameras 1000] [--queries 1000] [--db sqlite,postgres]
 */
import { parseArgs } from 'node:util';
import type { openDb } from '@vigil/db';
import { sql } from 'kysely';
import { openQueryDb, pct, rowCount, signedInApp } from './lib/query-rig.ts';

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

const WHO = { uid: OWNER, email: 'bench@example.com', password: 'bench password 1', type: 'u' } as const;

async function run(kind: 'sqlite' | 'postgres') {
  const rig = await openQueryDb(kind, WHO);
  try {
    const t0 = performance.now();
    await fill(kind, rig.handle.db);
    const fillSec = (performance.now() - t0) / 1000;
    const count = await rowCount(rig, 'events');
    console.log(`${kind}: ${count.toLocaleString()} events written in ${fillSec.toFixed(1)} s`);

    const { app, token } = await signedInApp(rig, WHO);
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
    await rig.close();
  }
}

const results = [];
for (const kind of values.db.split(',') as ('sqlite' | 'postgres')[]) results.push(await run(kind));
console.log(JSON.stringify({ bench: 'events-query', targetP99Ms: 20, results }));

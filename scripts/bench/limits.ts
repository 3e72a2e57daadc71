/**
 * limits: requests/s and latency of one rate-limited route over loopback HTTP, with the limiter's counts in each
 * store a server could share (decision 0605): none (no limiter, the baseline), this process's memory, Redis (the
 * Lua INCR+PEXPIRE the server uses), and PostgreSQL (an upsert counter, `INSERT … ON CONFLICT … DO UPDATE …
 * RETURNING`, on a logged and on an UNLOGGED table). Clients spread over 1,000 addresses; the limit is never
 * reached, so every request costs one store round trip.
 *
 * The stores take turns, `--rounds` times over, so a machine busy with other work weighs on them alike.
 *
 *   npm run bench -- limits [--seconds 3] [--rounds 3] [--concurrency 32]
 *                           [--stores none,memory,redis,postgres,postgres-unlogged]
 */
import { parseArgs } from 'node:util';
import Fastify from 'fastify';
import pg from 'pg';
import { limiter, useRateLimits } from '../../apps/server/src/http/rate-limits.ts';
import { openSharedState } from '../../apps/server/src/shared-state/open.ts';
import type { LimitStore, WindowCount } from '../../apps/server/src/shared-state/types.ts';

const { values } = parseArgs({
  options: {
    seconds: { type: 'string', default: '3' },
    rounds: { type: 'string', default: '3' },
    concurrency: { type: 'string', default: '32' },
    stores: { type: 'string', default: 'none,memory,redis,postgres,postgres-unlogged' },
    redis: { type: 'string', default: 'redis://127.0.0.1:6379' },
    pg: { type: 'string', default: 'postgres://postgres@127.0.0.1:5432/postgres' },
  },
});
const SECONDS = Number(values.seconds);
const ROUNDS = Number(values.rounds);
const CONCURRENCY = Number(values.concurrency);

/** The PostgreSQL counter a shared store would use: one statement, atomic under concurrency by the upsert. */
class PgLimitStore implements LimitStore {
  readonly #pool: pg.Pool;
  readonly #table: string;
  constructor(pool: pg.Pool, table: string) {
    this.#pool = pool;
    this.#table = table;
  }
  async hit(key: string, windowMs: number): Promise<WindowCount> {
    const now = Date.now();
    const r = await this.#pool.query<{ count: number; window_end: string }>(
      `INSERT INTO ${this.#table} AS r (key, count, window_end) VALUES ($1, 1, $2::bigint + $3::bigint)
       ON CONFLICT (key) DO UPDATE SET
         count = CASE WHEN r.window_end <= $2::bigint THEN 1 ELSE r.count + 1 END,
         window_end = CASE WHEN r.window_end <= $2::bigint THEN $2::bigint + $3::bigint ELSE r.window_end END
       RETURNING count, window_end`,
      [key, now, windowMs],
    );
    const row = r.rows[0] as { count: number; window_end: string };
    return { count: row.count, ttlMs: Number(row.window_end) - now };
  }
}

interface Result {
  store: string;
  requests: number;
  rps: number;
  p50Ms: number;
  p99Ms: number;
  errors: number;
  /** One `hit` after another, without HTTP: the store's own round trip. */
  hitP50Ms: number;
  hitP99Ms: number;
}

const quantile = (sorted: number[], p: number) =>
  Number((sorted[Math.min(sorted.length - 1, Math.floor(p * sorted.length))] ?? 0).toFixed(3));

/** 3,000 sequential hits on 1,000 keys: the store's own latency, no HTTP. */
async function roundTrips(store: LimitStore | undefined): Promise<number[]> {
  if (!store) return [0];
  const lat: number[] = [];
  for (let i = 0; i < 3_500; i++) {
    const t0 = performance.now();
    await store.hit(`rt:10.1.${i % 1000}`, 60_000);
    if (i >= 500) lat.push(performance.now() - t0);
  }
  return lat.sort((a, b) => a - b);
}

interface Subject {
  name: string;
  store: LimitStore | undefined;
  close(): Promise<void>;
  lat: number[];
  errors: number;
}

async function open(name: string): Promise<Subject> {
  const subject = (store: LimitStore | undefined, close = async () => {}) => ({
    name,
    store,
    close,
    lat: [],
    errors: 0,
  });
  if (name === 'none') return subject(undefined);
  if (name === 'memory') return subject(openSharedState(undefined).limits);
  if (name === 'redis') {
    const s = openSharedState(values.redis, { prefix: `vigil-bench:${process.pid}:` });
    return subject(s.limits, () => s.close());
  }
  if (name !== 'postgres' && name !== 'postgres-unlogged') throw new Error(`unknown store ${name}`);
  const db = `vigil_bench_limits_${process.pid}_${name.replace('-', '_')}`;
  const admin = new pg.Client({ connectionString: values.pg });
  await admin.connect();
  await admin.query(`DROP DATABASE IF EXISTS ${db}`);
  await admin.query(`CREATE DATABASE ${db}`);
  const pool = new pg.Pool({ connectionString: values.pg.replace(/\/[^/]*$/, `/${db}`), max: 10 });
  // An idle connection ended by the server (DROP DATABASE … WITH (FORCE) below) is no failure of the run.
  pool.on('error', () => {});
  const unlogged = name === 'postgres-unlogged' ? 'UNLOGGED' : '';
  await pool.query(
    `CREATE ${unlogged} TABLE rate_limits (key text PRIMARY KEY, count integer NOT NULL, window_end bigint NOT NULL)`,
  );
  return subject(new PgLimitStore(pool, 'rate_limits'), async () => {
    await pool.end();
    await admin.query(`DROP DATABASE ${db} WITH (FORCE)`);
    await admin.end();
  });
}

/** One round: a server with one limited route on this store, CONCURRENCY clients for SECONDS. */
async function round(s: Subject): Promise<void> {
  const app = Fastify({ logger: false });
  await useRateLimits(app, s.store ?? openSharedState(undefined).limits);
  const hook = s.store
    ? limiter(app, 1_000_000_000, 60_000, { name: 'bench', key: (req) => String(req.headers['x-client']) })
    : undefined;
  app.get('/limited', hook ? { onRequest: hook } : {}, async () => ({ ok: true }));
  await app.listen({ host: '127.0.0.1', port: 0 });
  const { port } = app.server.address() as { port: number };
  const url = `http://127.0.0.1:${port}/limited`;
  // A short warm-up (JIT, connections, PostgreSQL plans), then the measured run.
  for (const measured of [false, true]) {
    const end = performance.now() + (measured ? SECONDS * 1000 : 500);
    await Promise.all(
      Array.from({ length: CONCURRENCY }, async () => {
        while (performance.now() < end) {
          const t0 = performance.now();
          const res = await fetch(url, { headers: { 'x-client': `10.0.${(Math.random() * 1000) | 0}` } });
          await res.arrayBuffer();
          if (!measured) continue;
          if (res.status !== 200) s.errors += 1;
          s.lat.push(performance.now() - t0);
        }
      }),
    );
  }
  await app.close();
}

const subjects: Subject[] = [];
for (const name of values.stores.split(',')) subjects.push(await open(name));
for (let r = 0; r < ROUNDS; r++) for (const s of subjects) await round(s);
const results: Result[] = [];
for (const s of subjects) {
  const rt = await roundTrips(s.store);
  await s.close();
  const lat = s.lat.sort((a, b) => a - b);
  const r: Result = {
    store: s.name,
    requests: lat.length,
    rps: Math.round(lat.length / (SECONDS * ROUNDS)),
    p50Ms: quantile(lat, 0.5),
    p99Ms: quantile(lat, 0.99),
    errors: s.errors,
    hitP50Ms: quantile(rt, 0.5),
    hitP99Ms: quantile(rt, 0.99),
  };
  results.push(r);
  console.log(
    `${r.store.padEnd(18)} ${String(r.rps).padStart(6)} req/s   p50 ${r.p50Ms} ms   p99 ${r.p99Ms} ms   (${r.requests} requests, ${r.errors} errors)   store alone: p50 ${r.hitP50Ms} ms, p99 ${r.hitP99Ms} ms`,
  );
}
console.log(
  JSON.stringify({ bench: 'limits', seconds: SECONDS, rounds: ROUNDS, concurrency: CONCURRENCY, results }),
);

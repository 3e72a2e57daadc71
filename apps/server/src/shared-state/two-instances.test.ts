import { openDb } from '@vigil/db';
import type { FastifyInstance, InjectOptions } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../app.ts';
import { randomId } from '../shared/random.ts';
import { createTestApp, type TestApp } from '../testing/harness.ts';
import { openSharedState, type SharedState } from './open.ts';

/**
 * Two server instances behind a load balancer (issue 15): one PostgreSQL database, one Redis, each instance with
 * its own connections. What one instance counted or rotated, the other sees. The control builds the same pair on
 * in-memory stores, so the shared answers are not what two instances give anyway.
 */
const REDIS_URL = process.env.TEST_REDIS_URL ?? 'redis://127.0.0.1:6379';
const ENV = { REFRESH_MAX_PER_IP_PER_MIN: '5', LOGIN_FREE_FAILURES: '3', REFRESH_GRACE_SEC: '10' };

interface Pair {
  a: TestApp;
  /** The second instance: the same config, database and clock; connections and stores of its own. */
  b: FastifyInstance;
  close(): Promise<void>;
}

async function pair(shared: () => SharedState): Promise<Pair> {
  const sa = shared();
  const sb = shared();
  const a = await createTestApp('postgres', ENV, { sharedState: sa });
  const dbB = openDb({ sqlitePath: '', databaseUrl: a.db.url });
  const b = await buildApp({
    config: a.config,
    database: dbB,
    now: a.clock.now,
    logger: false,
    sharedState: sb,
  });
  return {
    a,
    b,
    async close() {
      await b.close();
      await dbB.destroy();
      await a.app.close();
      await a.db.destroy();
      await Promise.all([sa.close(), sb.close()]);
    },
  };
}

async function call(app: FastifyInstance, opts: InjectOptions) {
  const res = await app.inject(opts);
  return { status: res.statusCode, json: res.json(), headers: res.headers };
}

const refresh = (app: FastifyInstance, payload: object, ip = '127.0.0.1') =>
  call(app, { method: 'POST', url: '/login/refresh', payload, remoteAddress: ip });
const signIn = (app: FastifyInstance, email: string, password: string, ip: string) =>
  call(app, {
    method: 'POST',
    url: '/login?rememberme=true',
    payload: { email, password },
    remoteAddress: ip,
    headers: { 'user-agent': 'test-browser/1' },
  });
const bogus = { loginToken: 'x'.repeat(43), seriesId: 'nope', uid: 'nope' };

describe('two server instances sharing Redis and PostgreSQL', () => {
  let p: Pair;
  beforeAll(async () => {
    // A prefix per run: these keys meet no other test's.
    const prefix = `vigil-test:${randomId()}:`;
    p = await pair(() => openSharedState(REDIS_URL, { prefix }));
  });
  afterAll(() => p?.close());

  it('counts one address against its limit across both instances', async () => {
    const ip = '10.40.0.1';
    const onA = [];
    const onB = [];
    for (let i = 0; i < 3; i++) onA.push((await refresh(p.a.app, bogus, ip)).status);
    for (let i = 0; i < 3; i++) onB.push((await refresh(p.b, bogus, ip)).status);
    expect(onA).toEqual([401, 401, 401]);
    // Limit 5: the 6th request of the address, the 3rd sent to B, is refused.
    expect(onB).toEqual([401, 401, 429]);
    expect((await refresh(p.a.app, bogus, ip)).status).toBe(429);
    expect((await refresh(p.b, bogus, '10.40.0.2')).status).toBe(401);
  });

  it('delays sign-in on B after failures on A', async () => {
    const u = await p.a.createUser();
    const ip = '10.40.1.1';
    for (let i = 0; i < 3; i++)
      expect((await signIn(p.a.app, u.email, 'wrong password', ip)).status).toBe(401);
    expect((await signIn(p.a.app, u.email, u.password, ip)).status).toBe(429);
    // 3 free failures made, so the next attempt waits 1 s: on B as on A.
    const early = await signIn(p.b, u.email, u.password, ip);
    expect(early.status).toBe(429);
    expect(early.headers['retry-after']).toBe('1');
    // From another address the owner signs in on B at once, and once the wait is over, on B from this one.
    expect((await signIn(p.b, u.email, u.password, '10.40.1.2')).status).toBe(200);
    p.a.clock.advance(1_000);
    expect((await signIn(p.b, u.email, u.password, ip)).status).toBe(200);
    // That success cleared the address on A as well: A's next mistake there is free.
    expect((await signIn(p.a.app, u.email, 'wrong password', ip)).status).toBe(401);
  });

  it('takes a refresh retried on B within the grace as on A, not as a replay', async () => {
    const u = await p.a.createUser();
    const login = await signIn(p.a.app, u.email, u.password, '10.40.2.1');
    expect(login.status).toBe(200);
    const web = login.json.webLogin;
    const onA = await refresh(p.a.app, web, '10.40.2.1');
    expect(onA.status).toBe(200);
    // The client's answer was lost; it retries 3 s later and the balancer sends it to B.
    p.a.clock.advance(3_000);
    const onB = await refresh(p.b, web, '10.40.2.1');
    expect(onB.status).toBe(200);
    expect([onB.json.seriesId, onB.json.uid]).toEqual([onA.json.seriesId, onA.json.uid]);
    // Both answers keep working, on either instance.
    expect((await refresh(p.b, { ...web, loginToken: onA.json.loginToken })).status).toBe(200);
    expect((await refresh(p.a.app, { ...web, loginToken: onB.json.loginToken })).status).toBe(200);
    // Past the grace, the same old token on B is a replay: B sees the rotation A made.
    p.a.clock.advance(60_000);
    const replay = await refresh(p.b, web, '10.40.2.1');
    expect(replay.status).toBe(401);
    expect(replay.json.code).toBe('series_revoked');
  });
});

describe('control: two instances on in-memory stores', () => {
  let p: Pair;
  beforeAll(async () => {
    p = await pair(() => openSharedState(undefined));
  });
  afterAll(() => p?.close());

  it('each instance allows the whole limit and throttles alone', async () => {
    const codes = [];
    for (let i = 0; i < 3; i++) codes.push((await refresh(p.a.app, bogus, '10.41.0.1')).status);
    for (let i = 0; i < 3; i++) codes.push((await refresh(p.b, bogus, '10.41.0.1')).status);
    expect(codes).toEqual([401, 401, 401, 401, 401, 401]);
    const u = await p.a.createUser();
    for (let i = 0; i < 3; i++) await signIn(p.a.app, u.email, 'wrong password', '10.41.1.1');
    expect((await signIn(p.a.app, u.email, u.password, '10.41.1.1')).status).toBe(429);
    expect((await signIn(p.b, u.email, u.password, '10.41.1.1')).status).toBe(200);
  });
});

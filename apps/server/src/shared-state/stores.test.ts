import { afterAll, describe, expect, it } from 'vitest';
import { randomId } from '../shared/random.ts';
import { createTestApp } from '../testing/harness.ts';
import { openSharedState, type SharedState } from './open.ts';

const REDIS_URL = process.env.TEST_REDIS_URL ?? 'redis://127.0.0.1:6379';
const RULES = { quietResetMs: 86_400_000, idleMs: 900_000 };

/** The same contract on both stores: what the limiter and the throttle rely on. */
describe.each([
  ['memory', () => openSharedState(undefined)],
  ['redis', () => openSharedState(REDIS_URL, { prefix: `vigil-test:${randomId()}:` })],
] as const)('shared state on %s', (_kind, open) => {
  const s: SharedState = open();
  afterAll(() => s.close());

  it('counts requests in a window that starts at the first', async () => {
    const counts = [];
    for (let i = 0; i < 3; i++) counts.push(await s.limits.hit('k1', 60_000));
    expect(counts.map((c) => c.count)).toEqual([1, 2, 3]);
    for (const c of counts) expect(c.ttlMs).toBeGreaterThan(59_000);
    expect((await s.limits.hit('k2', 60_000)).count).toBe(1);
  });

  it('starts a new window once the old one is over', async () => {
    await s.limits.hit('short', 50);
    await s.limits.hit('short', 50);
    await new Promise((r) => setTimeout(r, 80));
    expect((await s.limits.hit('short', 50)).count).toBe(1);
  });

  it('keeps failure counts per account and per address, cleared as asked', async () => {
    const now = 1_700_000_000_000;
    await s.throttle.fail('a@example.com', '10.0.0.1', { ...RULES, now });
    await s.throttle.fail('a@example.com', '10.0.0.1', { ...RULES, now: now + 5 });
    await s.throttle.fail('a@example.com', '10.0.0.2', { ...RULES, now: now + 9 });
    expect(await s.throttle.read('a@example.com', '10.0.0.1')).toEqual({
      total: { n: 3, last: now + 9 },
      address: { n: 2, last: now + 5 },
    });
    await s.throttle.clearAddress('a@example.com', '10.0.0.1');
    expect(await s.throttle.read('a@example.com', '10.0.0.1')).toEqual({
      total: { n: 3, last: now + 9 },
      address: undefined,
    });
    await s.throttle.clearAccount('a@example.com');
    expect(await s.throttle.read('a@example.com', '10.0.0.2')).toEqual({
      total: undefined,
      address: undefined,
    });
  });

  it('starts the account count afresh after a quiet spell, not the address count', async () => {
    const now = 1_700_000_000_000;
    await s.throttle.fail('b@example.com', '10.0.0.1', { ...RULES, now });
    await s.throttle.fail('b@example.com', '10.0.0.1', { ...RULES, now: now + RULES.quietResetMs + 1 });
    const r = await s.throttle.read('b@example.com', '10.0.0.1');
    expect(r.total).toEqual({ n: 1, last: now + RULES.quietResetMs + 1 });
    expect(r.address?.n).toBe(2);
  });
});

describe('a shared store that cannot be reached', () => {
  it('lets requests and sign-in through rather than failing them', async () => {
    // Nothing listens on port 1: every command fails at once (no offline queue).
    const s = openSharedState('redis://127.0.0.1:1', { prefix: 'vigil-test:unreachable:' });
    const t = await createTestApp('sqlite', { REFRESH_MAX_PER_IP_PER_MIN: '1' }, { sharedState: s });
    try {
      const payload = { loginToken: 'x'.repeat(43), seriesId: 'nope', uid: 'nope' };
      const codes = [];
      for (let i = 0; i < 3; i++)
        codes.push((await t.call({ method: 'POST', url: '/login/refresh', payload })).status);
      expect(codes).toEqual([401, 401, 401]);
      const u = await t.createUser();
      const ok = await t.call({
        method: 'POST',
        url: '/login',
        payload: { email: u.email, password: u.password },
      });
      expect(ok.status).toBe(200);
    } finally {
      await t.app.close();
      await t.db.destroy();
      await s.close();
    }
  });
});

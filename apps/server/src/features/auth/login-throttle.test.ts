import { expect, it } from 'vitest';
import { describeEachDb, type TestApp } from '../../testing/harness.ts';

/** One sign-in attempt from an address (and browser). */
const attempt = (t: TestApp, email: string, password: string, ip: string, ua = 'test-browser/1') =>
  t.call({
    method: 'POST',
    url: '/login',
    payload: { email, password },
    remoteAddress: ip,
    headers: { 'user-agent': ua },
  });

/** The newest e-mail written to the outbox for this address (no SMTP in these suites). */
async function lastMail(t: TestApp, to: string) {
  await t.app.services.notices.flush();
  return t.db.db
    .selectFrom('outbox')
    .selectAll()
    .where('to_address', '=', to)
    .orderBy('created_at', 'desc')
    .executeTakeFirst();
}

describeEachDb(
  'sign-in throttling (NIST SP 800-63B, issue 14)',
  (ctx) => {
    it('failures from one address do not keep the owner out from another', async () => {
      const t = ctx();
      const u = await t.createUser();
      for (let i = 0; i < 8; i++) await attempt(t, u.email, 'wrong password', '10.0.0.66');
      const owner = await attempt(t, u.email, u.password, '10.0.1.1');
      expect(owner.status).toBe(200);
    });

    it('slows the guessing address with doubling delays, and the right password works once it waits', async () => {
      const t = ctx();
      const u = await t.createUser();
      const ip = '10.0.2.2';
      for (let i = 0; i < 3; i++) expect((await attempt(t, u.email, 'wrong password', ip)).status).toBe(401);
      // 3 free failures; the 4th attempt waits 1 s, and each further failure doubles the wait.
      const waits: string[] = [];
      for (let i = 0; i < 4; i++) {
        const early = await attempt(t, u.email, u.password, ip);
        expect(early.status).toBe(429);
        expect(early.json.code).toBe('rate_limited');
        waits.push(String(early.headers['retry-after']));
        t.clock.advance(Number(early.headers['retry-after']) * 1000);
        if (i < 3) expect((await attempt(t, u.email, 'wrong password', ip)).status).toBe(401);
      }
      expect(waits).toEqual(['1', '2', '4', '8']);
      expect((await attempt(t, u.email, u.password, ip)).status).toBe(200);
      // A success clears that address: its next mistake is free again.
      expect((await attempt(t, u.email, 'wrong password', ip)).status).toBe(401);
    });

    it('never makes anyone wait more than 15 minutes', async () => {
      const t = ctx();
      const u = await t.createUser();
      const ip = '10.0.3.3';
      for (let i = 0; i < 40; i++) {
        const r = await attempt(t, u.email, 'wrong password', ip);
        if (r.status === 429) t.clock.advance(Number(r.headers['retry-after']) * 1000);
      }
      const r = await attempt(t, u.email, u.password, ip);
      expect(r.status).toBe(429);
      expect(Number(r.headers['retry-after'])).toBeLessThanOrEqual(900);
    });

    it('a completed password reset lifts the delays at once', async () => {
      const t = ctx();
      const u = await t.createUser();
      const ip = '10.0.4.4';
      for (let failures = 0; failures < 8; ) {
        const r = await attempt(t, u.email, 'wrong password', ip);
        if (r.status === 429) t.clock.advance(Number(r.headers['retry-after']) * 1000);
        else failures += 1;
      }
      expect((await attempt(t, u.email, u.password, ip)).status).toBe(429);
      await t.app.services.resets.requestReset(u.email);
      const body = (await lastMail(t, u.email))?.body_text ?? '';
      const m = /reset-password\?uid=([^&\s]+)&v=(\S+)/.exec(body);
      expect(m).not.toBeNull();
      const reset = await t.call({
        method: 'GET',
        url: `/resetpassword?uid=${m?.[1]}&v=${m?.[2]}&newpass=${encodeURIComponent('a fresh passphrase here')}`,
      });
      expect(reset.status).toBe(200);
      expect((await attempt(t, u.email, 'a fresh passphrase here', ip)).status).toBe(200);
    });

    it('after many failures across addresses, delays the account for new devices but not known ones', async () => {
      const t = ctx();
      const u = await t.createUser();
      expect((await attempt(t, u.email, u.password, '10.5.0.1', 'owner-phone/1')).status).toBe(200);
      for (let i = 0; i < 12; i++) await attempt(t, u.email, 'wrong password', `10.6.0.${i + 1}`, 'bot/1');
      const stranger = await attempt(t, u.email, u.password, '10.7.0.1', 'bot/1');
      expect(stranger.status).toBe(429);
      const known = await attempt(t, u.email, u.password, '10.5.0.1', 'owner-phone/1');
      expect(known.status).toBe(200);
      // The known device's success clears the account-wide count too.
      expect((await attempt(t, u.email, u.password, '10.7.0.1', 'bot/1')).status).toBe(200);
    });
  },
  { LOGIN_FREE_FAILURES: '3', LOGIN_FREE_FAILURES_PER_ACCOUNT: '10' },
);

describeEachDb(
  'sign-in requests per address and account',
  (ctx) => {
    it('caps attempts per minute for one account from one address, not for its neighbours', async () => {
      const t = ctx();
      const target = await t.createUser();
      const neighbour = await t.createUser();
      const statuses: number[] = [];
      for (let i = 0; i < 6; i++)
        statuses.push((await attempt(t, target.email, 'wrong password', '10.9.9.9')).status);
      expect(statuses).toEqual([401, 401, 401, 401, 401, 429]);
      // Someone else behind the same shared address signs in normally.
      expect((await attempt(t, neighbour.email, neighbour.password, '10.9.9.9')).status).toBe(200);
      for (let i = 0; i < 5; i++)
        expect((await attempt(t, `x${i}@example.com`, 'whatever1', '10.9.9.9')).status).toBe(401);
    });
  },
  { LOGIN_MAX_PER_MIN: '5', LOGIN_FREE_FAILURES: '100' },
);

import { expect, it } from 'vitest';
import { describeEachDb, type TestApp } from '../../testing/harness.ts';

/** Status codes of `n` identical requests from one address. */
async function statuses(t: TestApp, n: number, req: Parameters<TestApp['call']>[0]): Promise<number[]> {
  const out: number[] = [];
  for (let i = 0; i < n; i++) out.push((await t.call({ ...req })).status);
  return out;
}

describeEachDb(
  'request limits of public calls (issue 14)',
  (ctx) => {
    it('limits registrations per address, across both paths of the call', async () => {
      const t = ctx();
      const body = (i: number) => ({
        email: `limited-${i}@example.com`,
        password: 'a long enough passphrase',
        subscriberType: 'enduser',
      });
      const codes: number[] = [];
      for (let i = 0; i < 4; i++) {
        const url = i % 2 ? '/account/register' : '/account/register/partner';
        codes.push(
          (await t.call({ method: 'POST', url, payload: body(i), remoteAddress: '10.20.0.1' })).status,
        );
      }
      expect(codes).toEqual([200, 200, 200, 429]);
      const other = await t.call({
        method: 'POST',
        url: '/account/register',
        payload: body(9),
        remoteAddress: '10.20.0.2',
      });
      expect(other.status).toBe(200);
    });

    it('limits token refreshes per address, with a readable 429', async () => {
      const t = ctx();
      const payload = { loginToken: 'x'.repeat(43), seriesId: 'nope', uid: 'nope' };
      const codes = await statuses(t, 4, {
        method: 'POST',
        url: '/login/refresh',
        payload,
        remoteAddress: '10.21.0.1',
      });
      expect(codes).toEqual([401, 401, 401, 429]);
      const last = await t.call({
        method: 'POST',
        url: '/login/refresh',
        payload,
        remoteAddress: '10.21.0.1',
      });
      expect(last.json.code).toBe('rate_limited');
      expect(Number(last.headers['retry-after'])).toBeGreaterThan(0);
    });

    it('limits share-link checks per address', async () => {
      const t = ctx();
      const verify = await statuses(t, 3, {
        method: 'GET',
        url: '/jwt/verify?token=not-a-token',
        remoteAddress: '10.22.0.1',
      });
      const metadata = await statuses(t, 1, {
        method: 'GET',
        url: '/jwt/metadata?token=not-a-token',
        remoteAddress: '10.22.0.1',
      });
      expect(verify.every((s) => s !== 429)).toBe(true);
      expect(metadata).toEqual([429]);
    });
  },
  {
    REGISTER_MAX_PER_IP_PER_HOUR: '3',
    REFRESH_MAX_PER_IP_PER_MIN: '3',
    SHARE_LOOKUPS_MAX_PER_IP_PER_MIN: '3',
  },
);

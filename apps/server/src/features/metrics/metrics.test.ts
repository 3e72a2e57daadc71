import { beforeAll, expect, it } from 'vitest';
import { describeEachDb } from '../../testing/harness.ts';
import { type SignedIn, signedInUser } from '../../testing/sessions.ts';

const SCRAPER = 'scraper-token-0123456789abcdef';

describeEachDb(
  'metrics',
  (ctx) => {
    let support: SignedIn;
    let user: SignedIn;
    beforeAll(async () => {
      support = await signedInUser(ctx(), 's');
      user = await signedInUser(ctx());
    });

    it('GET /metrics: Prometheus text for the scraper token or support; refused to anyone else', async () => {
      const t = ctx();
      await t.call({ method: 'GET', url: '/session', token: user.token });
      const scrape = await t.app.inject({
        method: 'GET',
        url: '/metrics',
        headers: { authorization: `Bearer ${SCRAPER}` },
      });
      expect(scrape.statusCode).toBe(200);
      expect(scrape.headers['content-type']).toContain('text/plain');
      expect(scrape.body).toContain('vigil_database_up 1');
      expect(scrape.body).toMatch(
        /vigil_http_request_duration_seconds_count\{method="GET",route="\/session",status_code="200"\} \d+/,
      );
      expect(scrape.body).toContain('vigil_process_resident_memory_bytes');
      const bySupport = await t.app.inject({
        method: 'GET',
        url: '/metrics',
        headers: { authorization: `Bearer ${support.token}` },
      });
      expect(bySupport.statusCode).toBe(200);
      const byUser = await t.app.inject({
        method: 'GET',
        url: '/metrics',
        headers: { authorization: `Bearer ${user.token}` },
      });
      expect(byUser.statusCode).toBe(403);
      const wrong = await t.app.inject({
        method: 'GET',
        url: '/metrics',
        headers: { authorization: `Bearer ${SCRAPER}x` },
      });
      expect(wrong.statusCode).toBe(403);
      expect((await t.app.inject({ method: 'GET', url: '/metrics' })).statusCode).toBe(401);
    });

    it('lists the slowest endpoints for support, by their route pattern', async () => {
      const t = ctx();
      for (let i = 0; i < 3; i++)
        await t.call({ method: 'GET', url: `/account/${user.uid}/sessions`, token: user.token });
      const res = await t.call({ method: 'GET', url: '/support/metrics/endpoints', token: support.token });
      expect(res.status).toBe(200);
      const row = res.json.endpoints.find((e: { route: string }) => e.route === 'GET /account/:uid/sessions');
      expect(row).toMatchObject({ count: 3 });
      expect(row.p99Ms).toBeGreaterThanOrEqual(row.p50Ms);
    });
  },
  { METRICS_TOKEN: SCRAPER },
);

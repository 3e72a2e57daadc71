import { expect, it } from 'vitest';
import { describeEachDb } from '../../testing/harness.ts';

describeEachDb('demo account', (ctx) => {
  it('signs in without a password and reads', async () => {
    const t = ctx();
    const res = await t.call({ method: 'GET', url: '/login/demo' });
    expect(res.status).toBe(200);
    expect(res.json).toMatchObject({ demo: true, email: 'demo@vigil.local', accountType: 'u' });
    expect((await t.call({ method: 'GET', url: '/session', token: res.json.authToken })).json.demo).toBe(
      true,
    );
  });

  it('is refused every change on every route, except signing out and refreshing', async () => {
    const t = ctx();
    const demo = (await t.call({ method: 'GET', url: '/login/demo' })).json;
    // Every route that changes something and needs a signed-in caller, as the server declares them.
    const routes = t.routes.filter(
      (r) => !['GET', 'HEAD', 'OPTIONS'].includes(r.method) && r.auth !== 'none' && !r.demoAllowed,
    );
    expect(routes.length).toBeGreaterThan(0);
    for (const r of routes) {
      const res = await t.call({
        method: r.method as 'POST',
        url: r.url.replaceAll(/:(\w+)/g, 'x'),
        payload: {},
        token: demo.authToken,
      });
      expect(res.status, `${r.method} ${r.url}`).toBe(403);
      expect(res.json.code).toBe('demo_restricted');
    }
    const out = await t.call({ method: 'POST', url: '/logout', payload: {}, token: demo.authToken });
    expect(out.json).toBe(true);
  });
});

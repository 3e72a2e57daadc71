import { describe, expect, it } from 'vitest';
import { describeEachDb } from '../../testing/harness.ts';

describeEachDb('POST /login', (ctx) => {
  it('answers the full login result for the right password', async () => {
    const t = ctx();
    const u = await t.createUser();
    const res = await t.call({
      method: 'POST',
      url: '/login?rememberme=true&phoneid=p1',
      payload: { email: u.email, password: u.password },
    });
    expect(res.status).toBe(200);
    expect(res.json).toMatchObject({
      uid: u.uid,
      email: u.email,
      region: 'local',
      accountType: 'u',
      managementType: 'user',
      managementScope: [],
      isEUP: false,
      isSelfReg: false,
      incompleteSelfRegSteps: [],
      partnerDemoCameras: [],
      cameraGroups: [],
      demo: false,
      webLogin: { uid: u.uid },
    });
    expect(res.json.organisations).toHaveLength(1);
    expect(res.json.authToken).toMatch(/^ey/);
    expect(res.json.managementToken).not.toBe(res.json.authToken);
    const session = await t.call({ method: 'GET', url: '/session', token: res.json.authToken });
    expect(session.status).toBe(200);
    expect(session.json.email).toBe(u.email);
  });

  it('answers a wrong password and an unknown e-mail identically', async () => {
    const t = ctx();
    const u = await t.createUser();
    const wrong = await t.call({
      method: 'POST',
      url: '/login',
      payload: { email: u.email, password: 'not the password' },
    });
    const unknown = await t.call({
      method: 'POST',
      url: '/login',
      payload: { email: 'nobody-here@example.com', password: 'not the password' },
    });
    expect(wrong.status).toBe(401);
    expect(unknown.status).toBe(401);
    expect(unknown.json).toEqual(wrong.json);
    expect(wrong.json.code).toBe('invalid_credentials');
  });

  it('matches the e-mail whatever its case', async () => {
    const t = ctx();
    const u = await t.createUser();
    const res = await t.call({
      method: 'POST',
      url: '/login',
      payload: { email: u.email.toUpperCase(), password: u.password },
    });
    expect(res.status).toBe(200);
  });

  it('refuses bad input with a readable 400', async () => {
    const t = ctx();
    const cases = [
      { payload: { email: 'not-an-email', password: 'x' }, expect: 'body.email' },
      { payload: { email: 'a@b.co' }, expect: 'body.password' },
      { payload: { email: 'a@b.co', password: 'x', admin: true }, expect: 'unknown field' },
      { payload: { email: 42, password: 'x' }, expect: 'body.email' },
    ];
    for (const c of cases) {
      const res = await t.call({ method: 'POST', url: '/login', payload: c.payload });
      expect(res.status).toBe(400);
      expect(res.json.error).toContain(c.expect);
      expect(JSON.stringify(res.json)).not.toContain('at ');
    }
    const proto = await t.call({
      method: 'POST',
      url: '/login',
      headers: { 'content-type': 'application/json' },
      payload: '{"email":"a@b.co","password":"x","__proto__":{"admin":true}}',
    });
    expect(proto.status).toBe(400);
    const big = await t.call({
      method: 'POST',
      url: '/login',
      payload: { email: 'a@b.co', password: 'x'.repeat(2_000_000) },
    });
    expect(big.status).toBe(413);
    const badQuery = await t.call({
      method: 'POST',
      url: '/login?rememberme=perhaps',
      payload: { email: 'a@b.co', password: 'x' },
    });
    expect(badQuery.status).toBe(400);
  });

  it('refuses password sign-in to the demo account', async () => {
    const t = ctx();
    const res = await t.call({
      method: 'POST',
      url: '/login',
      payload: { email: 'demo@vigil.local', password: 'anything-at-all' },
    });
    expect(res.status).toBe(401);
  });
});

// Throttling of failures and the per-minute limit: login-throttle.test.ts.

describe('describeEachDb', () => {
  it('covers both databases', async () => {
    const { TEST_DB_KINDS } = await import('@vigil/db/testing');
    expect(TEST_DB_KINDS).toEqual(['sqlite', 'postgres']);
  });
});

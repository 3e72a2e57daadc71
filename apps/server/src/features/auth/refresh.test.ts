import { expect, it } from 'vitest';
import { describeEachDb, type TestApp } from '../../testing/harness.ts';

async function signIn(t: TestApp, remember = true) {
  const u = await t.createUser();
  const res = await t.call({
    method: 'POST',
    url: `/login?rememberme=${remember}`,
    payload: { email: u.email, password: u.password },
  });
  expect(res.status).toBe(200);
  return { user: u, login: res.json };
}

const refresh = (t: TestApp, body: { loginToken: string; seriesId: string; uid: string }) =>
  t.call({ method: 'POST', url: '/login/refresh?time=1', payload: body });

describeEachDb('POST /login/refresh', (ctx) => {
  it('rotates the login token and keeps the series', async () => {
    const t = ctx();
    const { login } = await signIn(t);
    const res = await refresh(t, login.webLogin);
    expect(res.status).toBe(200);
    expect(res.json.seriesId).toBe(login.webLogin.seriesId);
    expect(res.json.loginToken).not.toBe(login.webLogin.loginToken);
    expect(res.json.authToken).toMatch(/^ey/);
    expect(res.json.managementToken).toMatch(/^ey/);
    const session = await t.call({ method: 'GET', url: '/session', token: res.json.authToken });
    expect(session.status).toBe(200);
    // The new token refreshes again.
    const again = await refresh(t, { ...login.webLogin, loginToken: res.json.loginToken });
    expect(again.status).toBe(200);
  });

  it('accepts the superseded token within the grace window (two tabs refreshing together)', async () => {
    const t = ctx();
    const { login } = await signIn(t);
    const [a, b] = await Promise.all([refresh(t, login.webLogin), refresh(t, login.webLogin)]);
    expect([a.status, b.status]).toEqual([200, 200]);
    t.clock.advance(3_000);
    const c = await refresh(t, login.webLogin);
    expect(c.status).toBe(200);
    // Every token handed out is still good.
    for (const r of [a, b, c]) {
      const next = await refresh(t, { ...login.webLogin, loginToken: r.json.loginToken });
      expect(next.status).toBe(200);
    }
  });

  it('revokes the whole series when a superseded token is replayed after the grace window', async () => {
    const t = ctx();
    const { login } = await signIn(t);
    const first = await refresh(t, login.webLogin);
    expect(first.status).toBe(200);
    t.clock.advance(60_000);
    const replay = await refresh(t, login.webLogin);
    expect(replay.status).toBe(401);
    expect(replay.json.code).toBe('series_revoked');
    // The legitimate holder's newer token dies with the series, and so do the auth tokens.
    const victim = await refresh(t, { ...login.webLogin, loginToken: first.json.loginToken });
    expect(victim.status).toBe(401);
    const session = await t.call({ method: 'GET', url: '/session', token: first.json.authToken });
    expect(session.status).toBe(401);
  });

  it('revokes the series on a token it never issued', async () => {
    const t = ctx();
    const { login } = await signIn(t);
    const forged = await refresh(t, { ...login.webLogin, loginToken: 'forged-token-value' });
    expect(forged.status).toBe(401);
    expect((await refresh(t, login.webLogin)).status).toBe(401);
  });

  it('refuses an expired series', async () => {
    const t = ctx();
    const { login } = await signIn(t);
    t.clock.advance(29 * 86_400_000);
    const stillOk = await refresh(t, login.webLogin);
    expect(stillOk.status).toBe(200);
    // Sliding: 30 days counted from the last refresh.
    t.clock.advance(31 * 86_400_000);
    const expired = await refresh(t, { ...login.webLogin, loginToken: stillOk.json.loginToken });
    expect(expired.status).toBe(401);
    expect(expired.json.code).toBe('token_expired');
  });

  it('ends a session without "remember me" after a working day', async () => {
    const t = ctx();
    const { login } = await signIn(t, false);
    t.clock.advance(13 * 3_600_000);
    expect((await refresh(t, login.webLogin)).status).toBe(401);
  });

  it('refuses a series of another user and malformed bodies', async () => {
    const t = ctx();
    const { login } = await signIn(t);
    const other = await t.createUser();
    expect((await refresh(t, { ...login.webLogin, uid: other.uid })).status).toBe(401);
    const bad = await t.call({
      method: 'POST',
      url: '/login/refresh',
      payload: { loginToken: '', seriesId: 'x' },
    });
    expect(bad.status).toBe(400);
    expect(bad.json.issues.join(' ')).toContain('body.uid');
  });
});

describeEachDb('POST /logout', (ctx) => {
  it('revokes the series: the auth token and the login token stop working', async () => {
    const t = ctx();
    const { login } = await signIn(t);
    const out = await t.call({ method: 'POST', url: '/logout', payload: {}, token: login.authToken });
    expect(out.status).toBe(200);
    expect(out.json).toBe(true);
    expect((await t.call({ method: 'GET', url: '/session', token: login.authToken })).status).toBe(401);
    expect((await refresh(t, login.webLogin)).status).toBe(401);
  });

  it('signs out with the login token alone (auth token already expired)', async () => {
    const t = ctx();
    const { login } = await signIn(t);
    const out = await t.call({ method: 'POST', url: '/logout?phoneid=abc', payload: login.webLogin });
    expect(out.json).toBe(true);
    expect((await refresh(t, login.webLogin)).status).toBe(401);
  });

  it('refuses a sign-out that names nothing it can verify', async () => {
    const t = ctx();
    const out = await t.call({
      method: 'POST',
      url: '/logout',
      payload: { seriesId: 'nope', loginToken: 'nope' },
    });
    expect(out.status).toBe(401);
  });
});

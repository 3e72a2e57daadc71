import { expect, it } from 'vitest';
import { describeEachDb, type TestApp } from '../../testing/harness.ts';
import { signIn } from '../../testing/sessions.ts';

const DAY = 86_400_000;
const refresh = (t: TestApp, body: { loginToken: string; seriesId: string; uid: string }) =>
  t.call({ method: 'POST', url: '/login/refresh', payload: body });

describeEachDb('remember-me series limits (issue 14, NIST SP 800-63B AAL1)', (ctx) => {
  it('ends a remembered series 30 days after its sign-in, however often it is refreshed', async () => {
    const t = ctx();
    const u = await t.createUser();
    const s = await signIn(t, u.email, u.password);
    let body = s.login.webLogin;
    for (let day = 5; day <= 25; day += 5) {
      t.clock.advance(5 * DAY);
      const r = await refresh(t, body);
      expect(r.status, `day ${day}`).toBe(200);
      body = { ...body, loginToken: r.json.loginToken };
    }
    t.clock.advance(5 * DAY + 60_000); // day 30 and a minute
    const late = await refresh(t, body);
    expect(late.status).toBe(401);
    expect(late.json.code).toBe('token_expired');
  });

  it('keeps at most 20 live series per user, ending the least recently used', async () => {
    const t = ctx();
    const u = await t.createUser();
    const first = await signIn(t, u.email, u.password);
    for (let i = 0; i < 24; i++) {
      t.clock.advance(1_000);
      await signIn(t, u.email, u.password);
    }
    const last = await signIn(t, u.email, u.password);
    const list = await t.call({ method: 'GET', url: `/account/${u.uid}/sessions`, token: last.token });
    expect(list.status).toBe(200);
    expect(list.json).toHaveLength(20);
    expect((await refresh(t, first.login.webLogin)).status).toBe(401);
  });

  it('tells the user by e-mail and on the session list when a stolen token ended a session', async () => {
    const t = ctx();
    const u = await t.createUser();
    const victim = await signIn(t, u.email, u.password);
    const rotated = await refresh(t, victim.login.webLogin);
    expect(rotated.status).toBe(200);
    t.clock.advance(60_000);
    const replay = await refresh(t, victim.login.webLogin);
    expect(replay.json.code).toBe('series_revoked');

    await t.app.services.notices.flush();
    const mails = await t.db.db
      .selectFrom('outbox')
      .select('subject')
      .where('to_address', '=', u.email)
      .execute();
    expect(mails.map((m) => m.subject)).toEqual(['A session of your account was ended for your security']);

    const again = await signIn(t, u.email, u.password);
    const list = await t.call({ method: 'GET', url: `/account/${u.uid}/sessions`, token: again.token });
    const ended = list.json.filter((s: { endedReason?: string }) => s.endedReason === 'token_replay');
    expect(ended).toHaveLength(1);
    expect(ended[0].seriesId).toBe(victim.login.webLogin.seriesId);
    expect(ended[0].endedAt).toBe(t.clock.now());
  });
});

import { expect, it } from 'vitest';
import { describeEachDb } from '../../testing/harness.ts';
import { signedInUser, signIn } from '../../testing/sessions.ts';

describeEachDb('own account', (ctx) => {
  it('changes the e-mail only with the password', async () => {
    const t = ctx();
    const u = await signedInUser(t);
    const url = `/account/${u.uid}/email`;
    expect(
      (
        await t.call({
          method: 'PUT',
          url,
          token: u.token,
          payload: { newEmail: 'moved@example.com', password: 'wrong one' },
        })
      ).status,
    ).toBe(401);
    const ok = await t.call({
      method: 'PUT',
      url,
      token: u.token,
      payload: { newEmail: 'Moved@Example.com', password: u.password },
    });
    expect(ok.json).toEqual({ email: 'moved@example.com' });
    await signIn(t, 'moved@example.com', u.password);
    const other = await signedInUser(t);
    const taken = await t.call({
      method: 'PUT',
      url: `/account/${other.uid}/email`,
      token: other.token,
      payload: { newEmail: 'moved@example.com', password: other.password },
    });
    expect(taken.status).toBe(409);
  });

  it('changes the password and ends every other session, keeping this one', async () => {
    const t = ctx();
    const u = await signedInUser(t);
    const elsewhere = await signIn(t, u.email, u.password);
    const res = await t.call({
      method: 'PUT',
      url: `/account/${u.uid}/password`,
      token: u.token,
      payload: { currentPassword: u.password, newPassword: 'an even better passphrase' },
    });
    expect(res.json).toBe(true);
    expect((await t.call({ method: 'GET', url: '/session', token: u.token })).status).toBe(200);
    expect((await t.call({ method: 'GET', url: '/session', token: elsewhere.token })).status).toBe(401);
    const weak = await t.call({
      method: 'PUT',
      url: `/account/${u.uid}/password`,
      token: u.token,
      payload: { currentPassword: 'an even better passphrase', newPassword: '12345678' },
    });
    expect(weak.json.code).toBe('weak_password');
  });

  it('lists active sessions and ends one', async () => {
    const t = ctx();
    const u = await signedInUser(t);
    const phone = await t.call({
      method: 'POST',
      url: '/login?rememberme=true&phonename=Pixel',
      payload: { email: u.email, password: u.password },
    });
    const list = await t.call({ method: 'GET', url: `/account/${u.uid}/sessions`, token: u.token });
    expect(list.json).toHaveLength(2);
    expect(list.json.find((s: { current: boolean }) => s.current).seriesId).toBe(u.login.webLogin.seriesId);
    expect(list.json.find((s: { device: string }) => s.device === 'Pixel')).toBeTruthy();
    const end = await t.call({
      method: 'DELETE',
      url: `/account/${u.uid}/sessions/${phone.json.webLogin.seriesId}`,
      token: u.token,
    });
    expect(end.json).toBe(true);
    expect((await t.call({ method: 'GET', url: '/session', token: phone.json.authToken })).status).toBe(401);
    const other = await signedInUser(t);
    expect(
      (await t.call({ method: 'GET', url: `/account/${u.uid}/sessions`, token: other.token })).status,
    ).toBe(403);
  });

  it('stores language and time zone, refusing unknown ones', async () => {
    const t = ctx();
    const u = await signedInUser(t);
    const url = `/account/${u.uid}/preferences`;
    expect(
      (
        await t.call({
          method: 'PATCH',
          url,
          token: u.token,
          payload: { language: 'fr', timezone: 'Europe/Paris' },
        })
      ).json,
    ).toEqual({ language: 'fr', timezone: 'Europe/Paris' });
    // null: follow the browser's time zone again.
    expect(
      (await t.call({ method: 'PATCH', url, token: u.token, payload: { timezone: null } })).json,
    ).toEqual({
      language: 'fr',
      timezone: null,
    });
    expect(
      (await t.call({ method: 'PATCH', url, token: u.token, payload: { timezone: 'Mars/Olympus' } })).status,
    ).toBe(400);
    expect((await t.call({ method: 'PATCH', url, token: u.token, payload: { language: 'xx' } })).status).toBe(
      400,
    );
  });
});

import { expect, it } from 'vitest';
import { describeEachDb, type TestApp } from '../../testing/harness.ts';
import { signIn } from '../../testing/sessions.ts';

/** The verification link of the newest such e-mail to `to`, from the outbox (no SMTP here). */
async function verificationLink(t: TestApp, to: string): Promise<{ uid: string; v: string }> {
  await t.app.services.notices.flush();
  const row = await t.db.db
    .selectFrom('outbox')
    .select('body_text')
    .where('to_address', '=', to)
    .where('subject', '=', 'Confirm your e-mail address')
    .orderBy('created_at', 'desc')
    .executeTakeFirstOrThrow();
  const m = /\/verify-email\?uid=([^&\s]+)&v=(\S+)/.exec(row.body_text);
  if (!m?.[1] || !m[2]) throw new Error('no verification link in the mail');
  return { uid: decodeURIComponent(m[1]), v: decodeURIComponent(m[2]) };
}

async function register(t: TestApp, email: string, password = 'a long enough passphrase') {
  const res = await t.call({
    method: 'POST',
    url: '/account/register',
    payload: { email, password, subscriberType: 'enduser' },
  });
  expect(res.status).toBe(200);
  return signIn(t, email, password);
}

const install = (t: TestApp, token: string) =>
  t.call({
    method: 'POST',
    url: '/cameras',
    token,
    payload: { url: 'rtsp://192.0.2.10:554/live', name: 'Gate' },
  });

const invite = (t: TestApp, s: { uid: string; token: string }) =>
  t.call({
    method: 'POST',
    url: `/multiuser/${s.uid}/members`,
    token: s.token,
    payload: { email: 'helper@example.com', level: 'viewonly' },
  });

describeEachDb('e-mail verification (issue 14)', (ctx) => {
  it('refuses cameras and invitations until the e-mailed link is opened, then allows them', async () => {
    const t = ctx();
    const s = await register(t, 'verify-me@example.com');
    expect(s.login.emailVerified).toBe(false);
    const early = await install(t, s.token);
    expect(early.status).toBe(403);
    expect(early.json.code).toBe('email_unverified');
    const earlyInvite = await invite(t, s);
    expect(earlyInvite.status).toBe(403);
    expect(earlyInvite.json.code).toBe('email_unverified');

    const link = await verificationLink(t, 'verify-me@example.com');
    expect(link.uid).toBe(s.uid);
    const wrong = await t.call({
      method: 'POST',
      url: '/account/verify-email',
      payload: { uid: link.uid, v: 'not-the-token' },
    });
    expect(wrong.json.code).toBe('invalid_link');
    const ok = await t.call({ method: 'POST', url: '/account/verify-email', payload: link });
    expect(ok.status).toBe(200);
    const again = await t.call({ method: 'POST', url: '/account/verify-email', payload: link });
    expect(again.json.code).toBe('invalid_link');

    const session = await t.call({ method: 'GET', url: '/session', token: s.token });
    expect(session.json.emailVerified).toBe(true);
    // Past the verification gate: whatever the invitation answers now, it is not email_unverified.
    const later = await invite(t, s);
    expect(later.json?.code).not.toBe('email_unverified');
    expect(later.status).toBeLessThan(300);
  });

  it('sends a new link on request, and refuses an expired one', async () => {
    const t = ctx();
    const s = await register(t, 'slow-reader@example.com');
    const old = await verificationLink(t, 'slow-reader@example.com');
    t.clock.advance(8 * 86_400_000);
    const expired = await t.call({ method: 'POST', url: '/account/verify-email', payload: old });
    expect(expired.json.code).toBe('invalid_link');
    const again = await signIn(t, 'slow-reader@example.com', 'a long enough passphrase');
    const resend = await t.call({
      method: 'POST',
      url: `/account/${s.uid}/verify-email/resend`,
      token: again.token,
    });
    expect(resend.status).toBe(200);
    const fresh = await verificationLink(t, 'slow-reader@example.com');
    expect(fresh.v).not.toBe(old.v);
    expect((await t.call({ method: 'POST', url: '/account/verify-email', payload: fresh })).status).toBe(200);
  });

  it('counts accounts made outside registration (seeded, existing) as verified', async () => {
    const t = ctx();
    const u = await t.createUser();
    const s = await signIn(t, u.email, u.password);
    expect(s.login.emailVerified).toBe(true);
  });

  it('asks a changed address to be confirmed before cameras and invitations again', async () => {
    const t = ctx();
    const s = await register(t, 'first-address@example.com');
    const first = await verificationLink(t, 'first-address@example.com');
    expect((await t.call({ method: 'POST', url: '/account/verify-email', payload: first })).status).toBe(200);
    const moved = await t.call({
      method: 'PUT',
      url: `/account/${s.uid}/email`,
      token: s.token,
      payload: { newEmail: 'second-address@example.com', password: 'a long enough passphrase' },
    });
    expect(moved.status, JSON.stringify(moved.json)).toBe(200);
    const early = await install(t, s.token);
    expect([early.status, early.json.code]).toEqual([403, 'email_unverified']);
    // The link goes to the new mailbox; the old one's link proves nothing about it.
    expect((await t.call({ method: 'POST', url: '/account/verify-email', payload: first })).status).toBe(400);
    const second = await verificationLink(t, 'second-address@example.com');
    expect((await t.call({ method: 'POST', url: '/account/verify-email', payload: second })).status).toBe(
      200,
    );
    expect((await install(t, s.token)).json.code).not.toBe('email_unverified');
  });
});

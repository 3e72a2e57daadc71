import { afterAll, beforeAll, expect, it } from 'vitest';
import { describeEachDb, type TestApp } from '../../testing/harness.ts';
import { startSmtpSink } from '../../testing/smtp.ts';

const smtp = await startSmtpSink();
afterAll(() => smtp.stop());

/** The link from the last e-mail to `to` (quoted-printable soft breaks undone). */
function lastLink(to: string): { uid: string; v: string } {
  const mail = smtp.mails.filter((m) => m.to.includes(to)).at(-1);
  if (!mail) throw new Error(`no mail to ${to}`);
  const body = mail.raw.replaceAll('=\r\n', '').replaceAll('=3D', '=');
  const m = /reset-password\?uid=([^&\s]+)&v=([^\s]+)/.exec(body);
  if (!m?.[1] || !m[2]) throw new Error('no reset link in the mail');
  return { uid: decodeURIComponent(m[1]), v: decodeURIComponent(m[2]) };
}

async function requestLink(t: TestApp, email: string) {
  const res = await t.call({ method: 'GET', url: `/lostpassword?email=${encodeURIComponent(email)}` });
  expect(res.status).toBe(200);
  expect(res.json).toBe(true);
  await t.app.services.resets.requestReset(email); // second link; waiting on it also flushes the first
  return lastLink(email);
}

describeEachDb(
  'password reset',
  (ctx) => {
    let t: TestApp;
    beforeAll(() => {
      t = ctx();
    });

    it('answers the same for unknown addresses and sends nothing', async () => {
      const before = smtp.mails.length;
      const res = await t.call({ method: 'GET', url: '/lostpassword?email=nobody-at-all@example.com' });
      expect(res.status).toBe(200);
      expect(res.json).toBe(true);
      await t.app.services.resets.requestReset('nobody-at-all@example.com');
      expect(smtp.mails.length).toBe(before);
    });

    it('e-mails a one-time link over SMTP that sets the password and ends every session', async () => {
      const u = await t.createUser();
      const login = await t.call({
        method: 'POST',
        url: '/login?rememberme=true',
        payload: { email: u.email, password: u.password },
      });
      const link = await requestLink(t, u.email);
      expect(link.uid).toBe(u.uid);

      const weak = await t.call({
        method: 'GET',
        url: `/resetpassword?uid=${link.uid}&v=${link.v}&newpass=password1`,
      });
      expect(weak.status).toBe(400);
      expect(weak.json.code).toBe('weak_password');

      const ok = await t.call({
        method: 'GET',
        url: `/resetpassword?uid=${link.uid}&v=${link.v}&newpass=${encodeURIComponent('a brand new passphrase')}`,
      });
      expect(ok.status).toBe(200);
      expect(ok.json).toBe(true);

      const again = await t.call({
        method: 'GET',
        url: `/resetpassword?uid=${link.uid}&v=${link.v}&newpass=${encodeURIComponent('another new passphrase')}`,
      });
      expect(again.status).toBe(400);
      expect(again.json.code).toBe('invalid_link');

      expect((await t.call({ method: 'GET', url: '/session', token: login.json.authToken })).status).toBe(
        401,
      );
      expect(
        (await t.call({ method: 'POST', url: '/login/refresh', payload: login.json.webLogin })).status,
      ).toBe(401);
      const old = await t.call({
        method: 'POST',
        url: '/login',
        payload: { email: u.email, password: u.password },
      });
      expect(old.status).toBe(401);
      const fresh = await t.call({
        method: 'POST',
        url: '/login',
        payload: { email: u.email, password: 'a brand new passphrase' },
      });
      expect(fresh.status).toBe(200);
    });

    it('refuses an expired link and a link for another account', async () => {
      const u = await t.createUser();
      const other = await t.createUser();
      const link = await requestLink(t, u.email);
      const wrongUser = await t.call({
        method: 'GET',
        url: `/resetpassword?uid=${other.uid}&v=${link.v}&newpass=${encodeURIComponent('long enough passphrase')}`,
      });
      expect(wrongUser.json.code).toBe('invalid_link');
      t.clock.advance(61 * 60_000);
      const expired = await t.call({
        method: 'GET',
        url: `/resetpassword?uid=${link.uid}&v=${link.v}&newpass=${encodeURIComponent('long enough passphrase')}`,
      });
      expect(expired.status).toBe(400);
      expect(expired.json.code).toBe('invalid_link');
    });

    it('keeps every e-mail in the outbox, marked sent', async () => {
      // Links asked for through GET /lostpassword are sent after the answer: wait for the last to land.
      await expect
        .poll(async () => {
          const rows = await t.db.db.selectFrom('outbox').selectAll().execute();
          return rows.length > 0 && rows.every((r) => r.sent_at !== null && r.error === null);
        })
        .toBe(true);
    });
  },
  { SMTP_URL: smtp.url },
);

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

    it('kills an older link once a newer one is used (issue 14)', async () => {
      const u = await t.createUser();
      await t.app.services.resets.requestReset(u.email);
      const older = lastLink(u.email);
      await t.app.services.resets.requestReset(u.email);
      const newer = lastLink(u.email);
      expect(newer.v).not.toBe(older.v);
      const used = await t.call({
        method: 'GET',
        url: `/resetpassword?uid=${newer.uid}&v=${newer.v}&newpass=${encodeURIComponent('the newer passphrase')}`,
      });
      expect(used.status).toBe(200);
      const stale = await t.call({
        method: 'GET',
        url: `/resetpassword?uid=${older.uid}&v=${older.v}&newpass=${encodeURIComponent('the older passphrase')}`,
      });
      expect(stale.status).toBe(400);
      expect(stale.json.code).toBe('invalid_link');
    });

    it('sends at most 3 reset e-mails an hour to one account, and limits requests per address', async () => {
      const u = await t.createUser();
      for (let i = 0; i < 20; i++) await t.app.services.resets.requestReset(u.email);
      expect(smtp.mails.filter((m) => m.to.includes(u.email))).toHaveLength(3);
      t.clock.advance(61 * 60_000);
      await t.app.services.resets.requestReset(u.email);
      expect(smtp.mails.filter((m) => m.to.includes(u.email))).toHaveLength(4);

      const statuses: number[] = [];
      for (let i = 0; i < 21; i++) {
        const r = await t.call({
          method: 'GET',
          url: `/lostpassword?email=someone${i}@example.com`,
          remoteAddress: '10.44.0.1',
        });
        statuses.push(r.status);
      }
      expect(statuses.slice(0, 20).every((s) => s === 200)).toBe(true);
      expect(statuses[20]).toBe(429);
    });

    it('tells the owner their password was reset', async () => {
      const u = await t.createUser();
      const link = await requestLink(t, u.email);
      const ok = await t.call({
        method: 'GET',
        url: `/resetpassword?uid=${link.uid}&v=${link.v}&newpass=${encodeURIComponent('yet another passphrase')}`,
      });
      expect(ok.status).toBe(200);
      await t.app.services.notices.flush();
      const notice = smtp.mails.filter((m) => m.to.includes(u.email)).at(-1);
      expect(notice?.raw).toContain('Subject: Your password was changed');
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

import { expect, it } from 'vitest';
import { describeEachDb, type TestApp } from '../../testing/harness.ts';
import { signIn } from '../../testing/sessions.ts';

/** Subjects of the e-mails written to the outbox for an address, sorted (no SMTP here). */
async function subjects(t: TestApp, to: string): Promise<string[]> {
  await t.app.services.notices.flush();
  const rows = await t.db.db
    .selectFrom('outbox')
    .select(['subject', 'created_at'])
    .where('to_address', '=', to)
    .orderBy('created_at')
    .execute();
  return rows.map((r) => r.subject).sort();
}

const signInFrom = (t: TestApp, u: { email: string; password: string }, ip: string, ua: string) =>
  t.call({
    method: 'POST',
    url: '/login',
    payload: { email: u.email, password: u.password },
    remoteAddress: ip,
    headers: { 'user-agent': ua },
  });

describeEachDb('security e-mails to the owner (issue 14)', (ctx) => {
  it('tells the owner of a sign-in from a new device, not of the first one nor of a known one', async () => {
    const t = ctx();
    const u = await t.createUser();
    expect((await signInFrom(t, u, '10.1.0.1', 'laptop/1')).status).toBe(200);
    expect((await signInFrom(t, u, '10.1.0.1', 'laptop/1')).status).toBe(200);
    expect(await subjects(t, u.email)).toEqual([]);
    expect((await signInFrom(t, u, '203.0.113.9', 'unknown-browser/7')).status).toBe(200);
    expect(await subjects(t, u.email)).toEqual(['New sign-in to your account']);
    const mail = await t.db.db
      .selectFrom('outbox')
      .select('body_text')
      .where('to_address', '=', u.email)
      .executeTakeFirstOrThrow();
    expect(mail.body_text).toContain('203.0.113.9');
    expect(mail.body_text).toContain('unknown-browser/7');
  });

  it('tells the old address when the e-mail changes, and the owner when the password changes', async () => {
    const t = ctx();
    const u = await t.createUser();
    const s = await signIn(t, u.email, u.password);
    const changed = await t.call({
      method: 'PUT',
      url: `/account/${u.uid}/password`,
      token: s.token,
      payload: { currentPassword: u.password, newPassword: 'a new and long passphrase' },
    });
    expect(changed.status, JSON.stringify(changed.json)).toBe(200);
    expect(await subjects(t, u.email)).toEqual(['Your password was changed']);

    const newEmail = `moved-${u.uid.slice(0, 8)}@example.com`.toLowerCase();
    const moved = await t.call({
      method: 'PUT',
      url: `/account/${u.uid}/email`,
      token: s.token,
      payload: { newEmail, password: 'a new and long passphrase' },
    });
    expect(moved.status, JSON.stringify(moved.json)).toBe(200);
    expect(await subjects(t, u.email)).toEqual([
      'The e-mail address of your account was changed',
      'Your password was changed',
    ]);
  });
});

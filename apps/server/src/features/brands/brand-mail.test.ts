import { beforeAll, expect, it, vi } from 'vitest';
import { describeEachDb } from '../../testing/harness.ts';
import { type SignedIn, signedInUser } from '../../testing/sessions.ts';
import { plainBrand } from './testing.ts';

/** A brand that registers users, for a person to sign up on. */
const beta = { ...plainBrand('beta', ['watch.beta.test']), name: 'Beta Guard', canRegister: true };

describeEachDb('e-mails carry the brand a person registered on (decision 0825)', (ctx) => {
  let support: SignedIn;
  beforeAll(async () => {
    support = await signedInUser(ctx(), 's');
    const made = await ctx().call({
      method: 'POST',
      url: '/support/brands',
      token: support.token,
      payload: beta,
    });
    expect(made.status, JSON.stringify(made.json)).toBe(200);
  });

  const register = (host: string, email: string) =>
    ctx().call({
      method: 'POST',
      url: '/account/register',
      headers: { host },
      payload: { email, password: 'a long enough passphrase', subscriberType: 'enduser' },
    });
  const bodies = async (email: string) =>
    (
      await ctx()
        .db.db.selectFrom('outbox')
        .select(['subject', 'body_text'])
        .where('to_address', '=', email)
        .execute()
    )
      .map((r) => `${r.subject}\n${r.body_text}`)
      .join('\n---\n');

  it('brands a reset asked on the main host, and a mail sent outside any request, as the brand signed up on', async () => {
    const t = ctx();
    expect((await register('watch.beta.test', 'later@example.test')).status).toBe(200);
    // Asked from the main brand's host: the link still goes to the brand the person knows.
    const reset = await t.call({
      method: 'GET',
      url: '/lostpassword?email=later%40example.test',
      headers: { host: '127.0.0.9' },
    });
    expect(reset.status).toBe(200);
    await vi.waitFor(async () =>
      expect(await bodies('later@example.test')).toContain('\nhttp://watch.beta.test/reset-password?uid='),
    );
    // No request at all (as a scheduler sends): the product's name is the brand's.
    await t.app.services.mailer.send({
      to: 'later@example.test',
      subject: 'Vigil notice',
      text: 'From Vigil.',
    });
    const all = await bodies('later@example.test');
    expect(all).toContain('Beta Guard notice\nFrom Beta Guard.');
    expect(all).not.toContain(`${t.config.publicUrl}/reset-password`);
  });

  it('leaves the main brand’s people and addresses of no account as written', async () => {
    const t = ctx();
    expect((await register('127.0.0.9', 'main@example.test')).status).toBe(200);
    await t.app.services.mailer.send({
      to: 'main@example.test',
      subject: 'Vigil notice',
      text: 'From Vigil.',
    });
    await t.app.services.mailer.send({ to: 'support@example.test', subject: 'Vigil alert', text: 'Disk.' });
    expect(await bodies('main@example.test')).toContain('Vigil notice\nFrom Vigil.');
    expect(await bodies('support@example.test')).toContain('Vigil alert\nDisk.');
  });
});

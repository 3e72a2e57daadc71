import { expect, it } from 'vitest';
import { describeEachDb } from '../../testing/harness.ts';

const validBase = {
  email: 'new.person@example.com',
  password: 'a long enough passphrase',
  marketingemails: true,
  language: 'fr',
  country: 'fr',
  currency: 'eur',
  caller: 'web',
};

describeEachDb(
  'POST /account/register',
  (ctx) => {
    it('creates an account with its organisation, and it can sign in', async () => {
      const t = ctx();
      const res = await t.call({ method: 'POST', url: '/account/register?caller=web', payload: validBase });
      expect(res.status).toBe(200);
      expect(res.json).toMatchObject({ email: validBase.email, region: 'local' });
      const user = await t.db.db
        .selectFrom('users')
        .selectAll()
        .where('uid', '=', res.json.uid)
        .executeTakeFirstOrThrow();
      expect(user).toMatchObject({
        account_type: 'u',
        language: 'fr',
        country: 'FR',
        currency: 'EUR',
        marketing_emails: 1,
      });
      const login = await t.call({
        method: 'POST',
        url: '/login',
        payload: { email: validBase.email, password: validBase.password },
      });
      expect(login.status).toBe(200);
      expect(login.json.organisations).toHaveLength(1);
    });

    it('accepts both spellings of the doubled fields and a suffix', async () => {
      const t = ctx();
      const res = await t.call({
        method: 'POST',
        url: '/account/register/partner',
        payload: {
          email: 'spelling@example.com',
          password: 'a long enough passphrase',
          marketingEmails: true,
          installerId: 'SELF1',
          type: 'enduser',
          inviteId: 'inv-1',
        },
      });
      expect(res.status).toBe(200);
      const login = await t.call({
        method: 'POST',
        url: '/login',
        payload: { email: 'spelling@example.com', password: 'a long enough passphrase' },
      });
      expect(login.json).toMatchObject({
        installerid: 'SELF1',
        isSelfReg: true,
        incompleteSelfRegSteps: ['payment'],
      });
      const steps = await t.call({
        method: 'GET',
        url: `/account/${res.json.uid}/selfreg/steps`,
        token: login.json.authToken,
      });
      expect(steps.json).toEqual({ uid: res.json.uid, incompleteSelfRegSteps: ['payment'] });
      const done = await t.call({
        method: 'PUT',
        url: `/account/${res.json.uid}/selfreg/steps/payment`,
        payload: { completed: true },
        token: login.json.authToken,
      });
      // Paying completes it (billing, decision 0741): the account cannot skip it by hand.
      expect(done.status).toBe(409);
      const still = await t.call({
        method: 'GET',
        url: `/account/${res.json.uid}/selfreg/steps`,
        token: login.json.authToken,
      });
      expect(still.json.incompleteSelfRegSteps).toEqual(['payment']);
      const other = await t.createUser();
      const otherLogin = await t.call({
        method: 'POST',
        url: '/login',
        payload: { email: other.email, password: other.password },
      });
      const peek = await t.call({
        method: 'GET',
        url: `/account/${res.json.uid}/selfreg/steps`,
        token: otherLogin.json.authToken,
      });
      expect(peek.status).toBe(403);
    });

    it('refuses bad input with readable messages and writes nothing', async () => {
      const t = ctx();
      const valid = { ...validBase, email: 'never.written@example.com' };
      const cases: [unknown, number, string][] = [
        [{ ...valid, email: 'nope' }, 400, 'body.email'],
        [{ ...valid, password: 'short' }, 400, 'at least 8'],
        [{ ...valid, password: 'password123' }, 400, 'too common'],
        [{ ...valid, password: undefined }, 400, 'body.password'],
        [{ ...valid, subscriberType: 'support' }, 400, 'subscriberType'],
        [{ ...valid, isAdmin: true }, 400, 'unknown field'],
        [{ ...valid, accountType: 's' }, 400, 'unknown field'],
        [{ ...valid, region: 'mars' }, 400, 'unknown region'],
        [{ ...valid, marketingemails: 'yes' }, 400, 'body.marketingemails'],
      ];
      for (const [payload, status, text] of cases) {
        const res = await t.call({ method: 'POST', url: '/account/register', payload: payload as object });
        expect(res.status, JSON.stringify(payload)).toBe(status);
        expect(res.json.error).toContain(text);
      }
      const bad = await t.call({ method: 'POST', url: '/account/register/Bad_Suffix!', payload: valid });
      expect(bad.status).toBe(400);
      const count = await t.db.db
        .selectFrom('users')
        .select((eb) => eb.fn.countAll<number>().as('n'))
        .where('email', '=', valid.email)
        .executeTakeFirstOrThrow();
      expect(Number(count.n)).toBe(0);
    });

    it('answers a second registration of an address as a first one, and e-mails the owner instead (issue 14)', async () => {
      const t = ctx();
      const payload = { ...validBase, email: 'twice@example.com' };
      const first = await t.call({ method: 'POST', url: '/account/register', payload });
      expect(first.status).toBe(200);
      const dup = await t.call({
        method: 'POST',
        url: '/account/register',
        payload: { ...payload, email: 'TWICE@example.com', password: 'another long passphrase' },
      });
      expect(dup.status).toBe(200);
      expect(Object.keys(dup.json).sort()).toEqual(['email', 'region', 'uid']);
      expect(dup.json.email).toBe('twice@example.com');
      expect(dup.json.uid).not.toBe(first.json.uid);
      const count = await t.db.db
        .selectFrom('users')
        .select((eb) => eb.fn.countAll<number>().as('n'))
        .where('email', '=', 'twice@example.com')
        .executeTakeFirstOrThrow();
      expect(Number(count.n)).toBe(1);
      // The existing account is untouched: its own password still signs in, the intruder's does not.
      const own = await t.call({
        method: 'POST',
        url: '/login',
        payload: { email: 'twice@example.com', password: validBase.password },
      });
      expect(own.status).toBe(200);
      await t.app.services.notices.flush();
      const mails = await t.db.db
        .selectFrom('outbox')
        .select('subject')
        .where('to_address', '=', 'twice@example.com')
        .execute();
      expect(mails.map((m) => m.subject).sort()).toEqual([
        'Confirm your e-mail address',
        'Someone tried to register with your address',
      ]);
    });
  },
  { SELF_REG_INSTALLER_IDS: 'SELF1' },
);

import { sql } from 'kysely';
import { beforeAll, expect, it } from 'vitest';
import { describeEachDb, type TestApp } from '../../testing/harness.ts';
import { type SignedIn, signedInUser } from '../../testing/sessions.ts';
import { PEER_GRANT_TTL_MS, signPeerGrant, writeDigest } from '../regions/peer-grant.ts';
import { acceptInvitation, newcomer } from './testing.ts';

const SECRET = 'create-atomic-shared-secret-0123456789abcdef';

/**
 * The database itself refuses an e-mail to `to`: the outbox row, the very last write of a new account, fails
 * (a trigger, on each database its own way), so every write before it must be taken back. Removed by the caller.
 */
async function refuseMailTo(t: TestApp, to: string): Promise<() => Promise<void>> {
  const db = t.db.db;
  if (t.kind === 'sqlite') {
    await sql
      .raw(
        `CREATE TRIGGER refuse_mail BEFORE INSERT ON outbox WHEN NEW.to_address = '${to}' BEGIN SELECT RAISE(ABORT, 'refused by the test'); END`,
      )
      .execute(db);
    return async () => void (await sql.raw('DROP TRIGGER refuse_mail').execute(db));
  }
  await sql
    .raw(
      `CREATE FUNCTION refuse_mail() RETURNS trigger AS $$ BEGIN IF NEW.to_address = '${to}' THEN RAISE EXCEPTION 'refused by the test'; END IF; RETURN NEW; END $$ LANGUAGE plpgsql`,
    )
    .execute(db);
  await sql
    .raw('CREATE TRIGGER refuse_mail BEFORE INSERT ON outbox FOR EACH ROW EXECUTE FUNCTION refuse_mail()')
    .execute(db);
  return async () => {
    await sql.raw('DROP TRIGGER refuse_mail ON outbox').execute(db);
    await sql.raw('DROP FUNCTION refuse_mail()').execute(db);
  };
}

/** Rows a new account writes, by table: what a failure midway must leave as it found. */
async function footprint(t: TestApp, who: { company: string; email: string }) {
  const db = t.db.db;
  const count = async (q: { executeTakeFirstOrThrow(): Promise<{ n: number | string | bigint }> }) =>
    Number((await q.executeTakeFirstOrThrow()).n);
  const all = (table: 'audit_log' | 'password_resets') =>
    count(db.selectFrom(table).select((e) => e.fn.countAll().as('n')));
  return {
    users: await count(
      db
        .selectFrom('users')
        .select((e) => e.fn.countAll().as('n'))
        .where('email', '=', who.email),
    ),
    organisations: await count(
      db
        .selectFrom('organisations')
        .select((e) => e.fn.countAll().as('n'))
        .where('name', '=', who.company),
    ),
    customers: await count(
      db
        .selectFrom('partner_customers')
        .select((e) => e.fn.countAll().as('n'))
        .where('company', '=', who.company),
    ),
    partners: await count(
      db
        .selectFrom('partners')
        .select((e) => e.fn.countAll().as('n'))
        .where('company', '=', who.company),
    ),
    audit: await all('audit_log'),
    invitations: await all('password_resets'),
    outbox: await count(
      db
        .selectFrom('outbox')
        .select((e) => e.fn.countAll().as('n'))
        .where('to_address', '=', who.email),
    ),
  };
}

/**
 * A new account is one transaction (decision 0872): the user and organisation, the partner or customer link, the
 * audit row, the invitation and its e-mail. The last write failing leaves none of them, here and for a customer
 * another region asks this one to make; the same e-mail then makes the account.
 */
describeEachDb(
  'a new account, all or nothing',
  (ctx) => {
    let support: SignedIn;
    let installer: SignedIn & { id: string };

    beforeAll(async () => {
      const t = ctx();
      support = await signedInUser(t, 's');
      const who = newcomer('Installer');
      const made = await t.call({
        method: 'POST',
        url: '/partners/installers',
        token: support.token,
        payload: who,
      });
      expect(made.status, JSON.stringify(made.json)).toBe(200);
      installer = {
        ...(await acceptInvitation(t, who.email, 'correct horse atomic staple')),
        id: made.json.id,
      };
    });

    const create = (url: string, token: string, who: object) =>
      ctx().call({ method: 'POST', url, token, payload: who });

    it('a customer whose invitation fails is not made, and the same e-mail makes it afterwards', async () => {
      const t = ctx();
      const who = newcomer('Doomedbakery');
      const before = await footprint(t, who);
      const allow = await refuseMailTo(t, who.email);
      const failed = await create('/partners/customers', installer.token, who);
      await allow();
      expect(failed.status).toBe(500);
      expect(await footprint(t, who)).toEqual(before);
      expect(before).toMatchObject({ users: 0, organisations: 0, customers: 0, outbox: 0 });

      const made = await create('/partners/customers', installer.token, who);
      expect(made.status, JSON.stringify(made.json)).toBe(200);
      expect(await footprint(t, who)).toEqual({
        ...before,
        users: 1,
        organisations: 1,
        customers: 1,
        audit: before.audit + 1,
        invitations: before.invitations + 1,
        outbox: 1,
      });
    });

    it('an installer whose invitation fails is not made either', async () => {
      const t = ctx();
      const who = newcomer('Doomedinstallers');
      const before = await footprint(t, who);
      const allow = await refuseMailTo(t, who.email);
      const failed = await create('/partners/installers', support.token, who);
      await allow();
      expect(failed.status).toBe(500);
      expect(await footprint(t, who)).toEqual(before);
      expect((await create('/partners/installers', support.token, who)).status).toBe(200);
      expect(await footprint(t, who)).toMatchObject({ users: 1, partners: 1, outbox: 1 });
    });

    it('a customer another region asks for is all or nothing too', async () => {
      const t = ctx();
      const who = newcomer('Doomedremote');
      const grant = signPeerGrant(SECRET, {
        iss: 'eu',
        aud: 'us',
        kind: 'i',
        id: installer.id,
        exp: t.clock.now() + PEER_GRANT_TTL_MS,
        act: 'customer.create',
        sub: writeDigest([who.email, who.company]),
      });
      const ask = () =>
        t.call({
          method: 'POST',
          url: '/regions/peer/customers',
          headers: { authorization: `Region ${grant}` },
          payload: who,
        });
      const before = await footprint(t, who);
      const allow = await refuseMailTo(t, who.email);
      const failed = await ask();
      await allow();
      expect(failed.status).toBe(500);
      expect(await footprint(t, who)).toEqual(before);
      const made = await ask();
      expect(made.status, JSON.stringify(made.json)).toBe(200);
      expect(await footprint(t, who)).toMatchObject({ users: 1, organisations: 1, customers: 1, outbox: 1 });
    });
  },
  { REGION_PEER_SECRET: SECRET, REGION: 'us', REGION_MAP: 'eu=http://127.0.0.1:23201' },
);

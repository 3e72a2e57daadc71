import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../testing/harness.ts';
import { type SignedIn, signedInUser } from '../../testing/sessions.ts';
import { acceptInvitation, newcomer } from '../partners/testing.ts';
import { PEER_GRANT_TTL_MS, signPeerGrant, verifyPeerGrant, writeDigest } from './peer-grant.ts';

/**
 * Two regions, each a full server on its own PostgreSQL database (decision 0618), talking HTTP to each other: an
 * installer whose customers live in both sees both in its portal, through the other region's API and the regions'
 * shared secret; nothing else of one region's database is read by the other. Ports (issue 15 helper fleet): 20650–20651.
 */
const EU_PORT = 20650;
const US_PORT = 20651;
const SECRET = 'regions-shared-secret-of-this-test-0123456789';

describe('peer grants (decision 0618)', () => {
  const grant = { iss: 'eu', aud: 'us', kind: 'i' as const, id: 'acme-x7k2ab', exp: 1_000_000 };
  it('verify only with the same secret, for the region named, before expiry', () => {
    const token = signPeerGrant(SECRET, grant);
    expect(verifyPeerGrant(SECRET, 'us', token, 999_999)).toEqual(grant);
    expect(verifyPeerGrant(SECRET, 'ap', token, 999_999)).toBeUndefined();
    expect(verifyPeerGrant(SECRET, 'us', token, 1_000_001)).toBeUndefined();
    expect(verifyPeerGrant(`${SECRET}x`, 'us', token, 999_999)).toBeUndefined();
    const [body, mac] = token.split('.') as [string, string];
    const forged = Buffer.from(JSON.stringify({ ...grant, id: 'other-x7k2ab' })).toString('base64url');
    expect(verifyPeerGrant(SECRET, 'us', `${forged}.${mac}`, 999_999)).toBeUndefined();
    expect(verifyPeerGrant(SECRET, 'us', body, 999_999)).toBeUndefined();
  });
});

describe('an installer with customers in two regions [postgres]', () => {
  let eu: TestApp;
  let us: TestApp;
  let installer: SignedIn & { id: string };
  const customers: Record<'eu' | 'us', string> = { eu: '', us: '' };
  const euUrl = `http://127.0.0.1:${EU_PORT}`;
  const usUrl = `http://127.0.0.1:${US_PORT}`;

  /** An installer made by support in region `t`, its invitation accepted. */
  const makeInstaller = async (t: TestApp, who: { company: string; email: string }) => {
    const support = await signedInUser(t, 's');
    const made = await t.call({
      method: 'POST',
      url: '/partners/installers',
      token: support.token,
      payload: who,
    });
    expect(made.status, JSON.stringify(made.json)).toBe(200);
    return { id: made.json.id as string, support };
  };
  const addCustomer = async (t: TestApp, token: string) => {
    const c = newcomer('Customer');
    const res = await t.call({ method: 'POST', url: '/partners/customers', token, payload: c });
    expect(res.status, JSON.stringify(res.json)).toBe(200);
    return c.email;
  };
  const regional = (token: string, query = '') =>
    eu.call({ method: 'GET', url: `/regions/customers${query}`, token });
  const byRegion = (json: { customers: { email: string; region: string }[] }) =>
    json.customers.map((c) => `${c.region} ${c.email}`).sort();

  beforeAll(async () => {
    const env = { REGION_PEER_SECRET: SECRET };
    eu = await createTestApp('postgres', { ...env, REGION: 'eu', REGION_MAP: `us=${usUrl}` });
    us = await createTestApp('postgres', { ...env, REGION: 'us', REGION_MAP: `eu=${euUrl}` });
    await eu.app.listen({ port: EU_PORT, host: '127.0.0.1' });
    await us.app.listen({ port: US_PORT, host: '127.0.0.1' });
    // The installer's home is eu; its presence in us (the same partner id, an account of that region's own: no
    // database is shared) is made there as its operators would, then given the home region's id.
    const who = newcomer('Installer');
    const home = await makeInstaller(eu, who);
    installer = { ...(await acceptInvitation(eu, who.email, 'correct horse eu staple')), id: home.id };
    customers.eu = await addCustomer(eu, installer.token);
    const there = await makeInstaller(us, who);
    await us.db.db.updateTable('partners').set({ id: home.id }).where('id', '=', there.id).execute();
    await us.db.db
      .updateTable('users')
      .set({ installer_id: home.id })
      .where('installer_id', '=', there.id)
      .execute();
    const inUs = await acceptInvitation(us, who.email, 'correct horse us staple');
    customers.us = await addCustomer(us, inUs.token);
  }, 60_000);

  afterAll(async () => {
    for (const t of [eu, us]) {
      await t?.app.close().catch(() => {});
      await t?.db.destroy();
    }
  });

  it('lists the customers of both regions in the home region, each with its region', async () => {
    const res = await regional(installer.token);
    expect(res.status, JSON.stringify(res.json)).toBe(200);
    expect(byRegion(res.json)).toEqual([`eu ${customers.eu}`, `us ${customers.us}`].sort());
    expect(res.json.unavailable).toEqual([]);
    expect(res.json.region).toBe('eu');
    // The home region's own portal list is unchanged: its database only.
    const local = await eu.call({ method: 'GET', url: '/partners/customers', token: installer.token });
    expect(local.json.customers.map((c: { email: string }) => c.email)).toEqual([customers.eu]);
  });

  it('support sees one installer’s customers across regions; another installer sees only its own', async () => {
    const support = await signedInUser(eu, 's');
    const bySupport = await regional(support.token, `?installerId=${installer.id}`);
    expect(bySupport.status, JSON.stringify(bySupport.json)).toBe(200);
    expect(byRegion(bySupport.json)).toEqual([`eu ${customers.eu}`, `us ${customers.us}`].sort());
    expect((await regional(support.token)).status).toBe(403);
    const who = newcomer('Other');
    const other = await makeInstaller(eu, who);
    const signed = await acceptInvitation(eu, who.email, 'correct horse other staple');
    const own = await addCustomer(eu, signed.token);
    const res = await regional(signed.token);
    expect(byRegion(res.json)).toEqual([`eu ${own}`]);
    expect(other.id).not.toBe(installer.id);
    // End users have no portal, here or elsewhere.
    expect((await regional((await signedInUser(eu, 'u')).token)).status).toBe(403);
  });

  it('a region answers another only for a grant signed with the shared secret and meant for it', async () => {
    const ask = (authorization?: string) =>
      fetch(`${usUrl}/regions/peer/customers`, { headers: authorization ? { authorization } : {} });
    // The region's clock (the test's, which tests may move), not this process's.
    const now = us.clock.now();
    const grant = {
      iss: 'eu',
      aud: 'us',
      kind: 'i' as const,
      id: installer.id,
      exp: now + PEER_GRANT_TTL_MS,
    };
    const good = await ask(`Region ${signPeerGrant(SECRET, grant)}`);
    expect(good.status).toBe(200);
    expect(((await good.json()) as { customers: { email: string }[] }).customers.map((c) => c.email)).toEqual(
      [customers.us],
    );
    for (const refused of [
      undefined,
      `Bearer ${installer.token}`,
      `Region ${signPeerGrant('another-secret-of-at-least-32-characters', grant)}`,
      `Region ${signPeerGrant(SECRET, { ...grant, aud: 'ap' })}`,
      `Region ${signPeerGrant(SECRET, { ...grant, iss: 'ap' })}`,
      `Region ${signPeerGrant(SECRET, { ...grant, exp: now - 1 })}`,
    ])
      expect((await ask(refused)).status, String(refused)).toBe(401);
  });

  /** The us customer's uid, as the installer's list across regions names it. */
  const usCustomerUid = async () =>
    ((await regional(installer.token)).json.customers as { uid: string; email: string }[]).find(
      (c) => c.email === customers.us,
    )!.uid;

  it('opens a customer’s page in the region holding it, for its installer and support only (0620)', async () => {
    const uid = await usCustomerUid();
    const page = await eu.call({
      method: 'GET',
      url: `/regions/customers/us/${uid}`,
      token: installer.token,
    });
    expect(page.status, JSON.stringify(page.json)).toBe(200);
    expect(page.json).toMatchObject({ uid, email: customers.us, region: 'us', installerId: installer.id });
    // The same call for a home customer is the portal's own page.
    const euUid = (
      (await regional(installer.token)).json.customers as { uid: string; region: string }[]
    ).find((c) => c.region === 'eu')!.uid;
    const home = await eu.call({
      method: 'GET',
      url: `/regions/customers/eu/${euUid}`,
      token: installer.token,
    });
    expect(home.json).toMatchObject({ email: customers.eu, region: 'eu' });
    const support = await signedInUser(eu, 's');
    const bySupport = await eu.call({
      method: 'GET',
      url: `/regions/customers/us/${uid}`,
      token: support.token,
    });
    expect(bySupport.json.email).toBe(customers.us);
    // Another installer (no presence in us), an unknown region, a customer that is not there: 404.
    const who = newcomer('Stranger');
    await makeInstaller(eu, who);
    const stranger = await acceptInvitation(eu, who.email, 'correct horse stranger staple');
    for (const [url, token] of [
      [`/regions/customers/us/${uid}`, stranger.token],
      [`/regions/customers/ap/${uid}`, installer.token],
      [`/regions/customers/us/${euUid}`, installer.token],
    ] as const) {
      const res = await eu.call({ method: 'GET', url, token });
      expect(res.status, `${url} ${JSON.stringify(res.json)}`).toBe(404);
      expect(JSON.stringify(res.json)).not.toContain(customers.us);
    }
  });

  it('creates a customer in another region under the installer’s presence there (0620)', async () => {
    const c = newcomer('Remote');
    const made = await eu.call({
      method: 'POST',
      url: '/regions/customers/us',
      token: installer.token,
      payload: c,
    });
    expect(made.status, JSON.stringify(made.json)).toBe(200);
    expect(made.json).toMatchObject({
      email: c.email,
      company: c.company,
      region: 'us',
      installerId: installer.id,
    });
    // The account is us's, in us's database only; us invited its owner and logged who made it.
    const inUs = await us.db.db
      .selectFrom('users')
      .select(['uid', 'region'])
      .where('email', '=', c.email)
      .executeTakeFirst();
    expect(inUs).toEqual({ uid: made.json.uid, region: 'us' });
    const inEu = await eu.db.db.selectFrom('users').select('uid').where('email', '=', c.email).execute();
    expect(inEu).toEqual([]);
    const link = await us.db.db
      .selectFrom('partner_customers')
      .select('installer_id')
      .where('uid', '=', made.json.uid)
      .executeTakeFirst();
    expect(link?.installer_id).toBe(installer.id);
    const mail = await us.db.db
      .selectFrom('outbox')
      .select('to_address')
      .where('to_address', '=', c.email)
      .execute();
    expect(mail.length).toBe(1);
    const audit = await us.db.db
      .selectFrom('audit_log')
      .select(['action', 'actor_email'])
      .where('account_uid', '=', made.json.uid)
      .executeTakeFirst();
    expect(audit).toEqual({ action: 'partner.created', actor_email: installer.email });
    // It is listed across regions at once; the same address again is us's refusal, passed on.
    const listed = byRegion((await regional(installer.token)).json);
    expect(listed).toContain(`us ${c.email}`);
    const again = await eu.call({
      method: 'POST',
      url: '/regions/customers/us',
      token: installer.token,
      payload: c,
    });
    expect([again.status, again.json.code]).toEqual([409, 'user_exists']);
    // Only installers create customers, in any region.
    const support = await signedInUser(eu, 's');
    const bySupport = await eu.call({
      method: 'POST',
      url: '/regions/customers/us',
      token: support.token,
      payload: newcomer('Unmade'),
    });
    expect(bySupport.status).toBe(403);
  });

  it('a create grant makes only the customer it names; a read grant makes none (0620)', async () => {
    const now = us.clock.now();
    const grant = {
      iss: 'eu',
      aud: 'us',
      kind: 'i' as const,
      id: installer.id,
      exp: now + PEER_GRANT_TTL_MS,
    };
    const named = newcomer('Named');
    const other = newcomer('Otherbody');
    const post = (authorization: string, body: object) =>
      fetch(`${usUrl}/regions/peer/customers`, {
        method: 'POST',
        headers: { authorization, 'content-type': 'application/json' },
        body: JSON.stringify(body),
      });
    const createGrant = signPeerGrant(SECRET, {
      ...grant,
      act: 'customer.create',
      sub: writeDigest([named.email, named.company]),
    });
    expect((await post(`Region ${createGrant}`, other)).status).toBe(401);
    expect((await post(`Region ${signPeerGrant(SECRET, grant)}`, named)).status).toBe(401);
    expect((await post(`Region ${createGrant}`, named)).status).toBe(200);
    const made = await us.db.db
      .selectFrom('users')
      .select('email')
      .where('email', 'in', [named.email, other.email])
      .execute();
    expect(made.map((u) => u.email)).toEqual([named.email]);
  });

  it('support searches every region; nobody else does (0620)', async () => {
    const support = await signedInUser(eu, 's');
    const res = await eu.call({
      method: 'GET',
      url: `/regions/support/accounts?q=${encodeURIComponent(customers.us)}`,
      token: support.token,
    });
    expect(res.status, JSON.stringify(res.json)).toBe(200);
    expect(res.json.accounts.map((a: { email: string; region: string }) => `${a.region} ${a.email}`)).toEqual(
      [`us ${customers.us}`],
    );
    expect(res.json.unavailable).toEqual([]);
    const both = await eu.call({
      method: 'GET',
      url: `/regions/support/accounts?q=${encodeURIComponent(installer.email)}`,
      token: support.token,
    });
    // The installer has an account in each region (its presence there signs in there too).
    expect(both.json.accounts.map((a: { region: string }) => a.region).sort()).toEqual(['eu', 'us']);
    expect(
      (await eu.call({ method: 'GET', url: '/regions/support/accounts?q=a', token: installer.token })).status,
    ).toBe(403);
    // A region asks another's search only as support.
    const grant = {
      iss: 'eu',
      aud: 'us',
      kind: 'i' as const,
      id: installer.id,
      exp: us.clock.now() + 60_000,
    };
    const asInstaller = await fetch(`${usUrl}/regions/peer/support/accounts?q=a`, {
      headers: { authorization: `Region ${signPeerGrant(SECRET, grant)}` },
    });
    expect(asInstaller.status).toBe(403);
  });

  it('a region that does not answer is named; the others are still listed', async () => {
    await us.app.close();
    const res = await regional(installer.token);
    expect(res.status).toBe(200);
    expect(byRegion(res.json)).toEqual([`eu ${customers.eu}`]);
    expect(res.json.unavailable).toEqual(['us']);
    const made = await eu.call({
      method: 'POST',
      url: '/regions/customers/us',
      token: installer.token,
      payload: newcomer('Away'),
    });
    expect([made.status, made.json.code]).toEqual([503, 'region_unavailable']);
    const support = await signedInUser(eu, 's');
    const search = await eu.call({
      method: 'GET',
      url: '/regions/support/accounts?q=x',
      token: support.token,
    });
    expect(search.json.unavailable).toEqual(['us']);
  });
});

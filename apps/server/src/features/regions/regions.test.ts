import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../testing/harness.ts';
import { type SignedIn, signedInUser } from '../../testing/sessions.ts';
import { acceptInvitation, newcomer } from '../partners/testing.ts';
import { PEER_GRANT_TTL_MS, signPeerGrant, verifyPeerGrant } from './peer-grant.ts';

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

  it('a region that does not answer is named; the others are still listed', async () => {
    await us.app.close();
    const res = await regional(installer.token);
    expect(res.status).toBe(200);
    expect(byRegion(res.json)).toEqual([`eu ${customers.eu}`]);
    expect(res.json.unavailable).toEqual(['us']);
  });
});

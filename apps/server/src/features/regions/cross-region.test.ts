import { mkdtempSync, rmSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../testing/harness.ts';
import { type SignedIn, signedInUser } from '../../testing/sessions.ts';
import { acceptInvitation, newcomer } from '../partners/testing.ts';
import { PEER_GRANT_TTL_MS, signPeerGrant } from './peer-grant.ts';

/**
 * Decision 0858, end to end on loopback: two regions, `a` and `b`, each a full server on its own SQLite data
 * directory, talking HTTP with the regions' shared secret. An installer homed in `a` makes a customer whose home is
 * `b`; support signed in at `a` finds it and opens its page; with `b` down the installer is told so and no account
 * exists in either region. A third region, `c`, is a bare HTTP server failing every request (500): a create there may
 * have been done, and the refusal says so. Support at `a` reads the account's sessions, error reports and usage logs in
 * `b` (decision 0883). Ports (issue 15 helper "regions"): 22400–22402.
 */
const A_PORT = 22400;
const B_PORT = 22401;
const C_PORT = 22402;
const SECRET = 'regions-picker-shared-secret-0123456789abcdef';
const aUrl = `http://127.0.0.1:${A_PORT}`;
const bUrl = `http://127.0.0.1:${B_PORT}`;
const cUrl = `http://127.0.0.1:${C_PORT}`;

describe('a customer made in another region, and support’s page of it (0858) [sqlite]', () => {
  const dirs = [
    mkdtempSync(join(tmpdir(), 'vigil-regions-a-')),
    mkdtempSync(join(tmpdir(), 'vigil-regions-b-')),
  ];
  let a: TestApp;
  let b: TestApp;
  let c: Server;
  let installer: SignedIn & { id: string };
  let support: SignedIn;
  const customer = { company: 'Remote bakery', email: newcomer('remote').email };
  let customerUid = '';

  /** Region `t`'s support makes an installer there; its owner accepts the invitation. */
  const makeInstaller = async (t: TestApp, who: { company: string; email: string }, password: string) => {
    const bySupport = await signedInUser(t, 's');
    const made = await t.call({
      method: 'POST',
      url: '/partners/installers',
      token: bySupport.token,
      payload: who,
    });
    expect(made.status, JSON.stringify(made.json)).toBe(200);
    return { id: made.json.id as string, signed: () => acceptInvitation(t, who.email, password) };
  };
  const usersNamed = async (t: TestApp, email: string) =>
    (await t.db.db.selectFrom('users').select(['uid', 'region']).where('email', '=', email).execute()).map(
      (u) => `${u.region} ${u.uid}`,
    );

  beforeAll(async () => {
    const env = (region: string, dir: string, peers: string) => ({
      REGION_PEER_SECRET: SECRET,
      REGION: region,
      REGION_MAP: peers,
      DATA_DIR: dir,
    });
    const sqlite = (dir: string) => ({ sqlitePath: join(dir, 'vigil.db') });
    c = createServer((_req, res) => res.writeHead(500).end('{}'));
    await new Promise<void>((done) => c.listen(C_PORT, '127.0.0.1', done));
    a = await createTestApp('sqlite', env('a', dirs[0]!, `b=${bUrl},c=${cUrl}`), {}, sqlite(dirs[0]!));
    b = await createTestApp('sqlite', env('b', dirs[1]!, `a=${aUrl}`), {}, sqlite(dirs[1]!));
    await a.app.listen({ port: A_PORT, host: '127.0.0.1' });
    await b.app.listen({ port: B_PORT, host: '127.0.0.1' });
    // The installer's home is a; its presence in b (decision 0618) is made by b's support, then given a's id.
    const who = newcomer('Installer');
    const home = await makeInstaller(a, who, 'correct horse a staple');
    installer = { ...(await home.signed()), id: home.id };
    const there = await makeInstaller(b, who, 'correct horse b staple');
    await b.db.db.updateTable('partners').set({ id: home.id }).where('id', '=', there.id).execute();
    await b.db.db
      .updateTable('users')
      .set({ installer_id: home.id })
      .where('installer_id', '=', there.id)
      .execute();
    support = await signedInUser(a, 's');
  }, 60_000);

  afterAll(async () => {
    for (const t of [a, b]) {
      await t?.app.close().catch(() => {});
      await t?.db.destroy();
    }
    await new Promise((done) => c?.close(done));
    for (const dir of dirs) rmSync(dir, { recursive: true, force: true });
  });

  it('offers the installer its own region first, then the others; not to an end user', async () => {
    const res = await a.call({ method: 'GET', url: '/regions/list', token: installer.token });
    expect([res.status, res.json]).toEqual([200, { region: 'a', regions: ['a', 'b', 'c'] }]);
    const user = await signedInUser(a, 'u');
    expect((await a.call({ method: 'GET', url: '/regions/list', token: user.token })).status).toBe(403);
  });

  it('creates the customer in region b from a’s installer; the list names each customer’s region', async () => {
    const made = await a.call({
      method: 'POST',
      url: '/regions/customers/b',
      token: installer.token,
      payload: customer,
    });
    expect(made.status, JSON.stringify(made.json)).toBe(200);
    customerUid = made.json.uid;
    expect(made.json).toMatchObject({
      email: customer.email,
      company: 'Remote bakery',
      installerId: installer.id,
      accepted: false,
      cameras: 0,
      region: 'b',
    });
    expect(await usersNamed(b, customer.email)).toEqual([`b ${customerUid}`]);
    expect(await usersNamed(a, customer.email)).toEqual([]);
    const home = { company: 'Home garage', email: newcomer('home').email };
    const local = await a.call({
      method: 'POST',
      url: '/regions/customers/a',
      token: installer.token,
      payload: home,
    });
    expect([local.status, local.json.region]).toEqual([200, 'a']);
    const list = await a.call({ method: 'GET', url: '/regions/customers', token: installer.token });
    const rows = (list.json.customers as { company: string; region: string }[]).map(
      (c) => `${c.region} ${c.company}`,
    );
    expect(rows.sort()).toEqual(['a Home garage', 'b Remote bakery']);
    expect(list.json.unavailable).toEqual(['c']);
  });

  it('support at a finds the account of b and opens its page, which names region b', async () => {
    const found = await a.call({
      method: 'GET',
      url: `/regions/support/accounts?q=${encodeURIComponent(customer.email)}`,
      token: support.token,
    });
    expect(found.status, JSON.stringify(found.json)).toBe(200);
    expect(found.json.accounts.map((x: { region: string; uid: string }) => `${x.region} ${x.uid}`)).toEqual([
      `b ${customerUid}`,
    ]);
    const page = await a.call({
      method: 'GET',
      url: `/regions/support/accounts/b/${customerUid}`,
      token: support.token,
    });
    expect(page.status, JSON.stringify(page.json)).toBe(200);
    const { createdAt, ...rest } = page.json;
    expect(typeof createdAt).toBe('number');
    expect(rest).toEqual({
      uid: customerUid,
      email: customer.email,
      accountType: 'u',
      installerId: installer.id,
      accepted: false,
      partner: null,
      customerOf: installer.id,
      cameras: 0,
      region: 'b',
    });
    // Not in a's database: a's own page of that uid is 404; the installer is not support.
    const wrongRegion = await a.call({
      method: 'GET',
      url: `/regions/support/accounts/a/${customerUid}`,
      token: support.token,
    });
    expect(wrongRegion.status).toBe(404);
    const byInstaller = await a.call({
      method: 'GET',
      url: `/regions/support/accounts/b/${customerUid}`,
      token: installer.token,
    });
    expect(byInstaller.status).toBe(403);
  });

  it('support at a reads the sessions, error reports and usage logs of b’s account (0883)', async () => {
    // The customer signs in at b (accepting its invitation) and its browser reports an error and a start there.
    const owner = await acceptInvitation(b, customer.email, 'correct horse c staple');
    for (const message of ['error 1', 'error 2']) {
      b.clock.advance(1000);
      expect(
        (
          await b.call({
            method: 'POST',
            url: `/web-errors/${customerUid}/slack`,
            token: owner.token,
            payload: { identifier: 'cameras', href: 'https://b.vigil.test/cameras', message },
          })
        ).status,
      ).toBe(202);
    }
    const val = {
      host: 'b.vigil.test',
      fingerprint: 'fp',
      instance: 'i1',
      version: '9.8.7',
      url: 'https://b.vigil.test/events',
      windowSize: '390x844',
    };
    await b.call({
      method: 'POST',
      url: `/tracking/${customerUid}/0/alog`,
      token: owner.token,
      payload: { type: 'start', val },
    });
    const read = (what: string, token = support.token, region = 'b') =>
      a.call({ method: 'GET', url: `/regions/support/accounts/${region}/${customerUid}/${what}`, token });
    const sessions = await read('sessions');
    expect(sessions.status, JSON.stringify(sessions.json)).toBe(200);
    expect(sessions.json.sessions).toHaveLength(1);
    expect(sessions.json.sessions[0].endedAt).toBeUndefined();
    const reports = await read('error-reports');
    expect(reports.status).toBe(200);
    expect(
      reports.json.reports.map((r: { message: string; href: string }) => `${r.message} ${r.href}`),
    ).toEqual(['error 2 https://b.vigil.test/cameras', 'error 1 https://b.vigil.test/cameras']);
    expect(reports.json.next).toBeNull();
    const logs = await read('usage-logs');
    expect(logs.status).toBe(200);
    expect(logs.json.logs).toMatchObject([
      { type: 'start', url: 'https://b.vigil.test/events', version: '9.8.7' },
    ]);
    // a holds none of it; an installer is not support; b answers only a support grant.
    expect((await read('sessions', support.token, 'a')).status).toBe(404);
    expect((await read('usage-logs', installer.token)).status).toBe(403);
    const grant = {
      iss: 'a',
      aud: 'b',
      kind: 'i' as const,
      id: installer.id,
      exp: b.clock.now() + PEER_GRANT_TTL_MS,
    };
    const peer = (kind: 's' | 'i') =>
      fetch(`${bUrl}/regions/peer/support/accounts/${customerUid}/error-reports`, {
        headers: {
          authorization: `Region ${signPeerGrant(SECRET, kind === 's' ? { ...grant, kind, id: null } : grant)}`,
        },
      });
    expect((await peer('i')).status).toBe(403);
    expect((await peer('s')).status).toBe(200);
  });

  it('b opens an account page only for a grant of support signed with the shared secret', async () => {
    const ask = (authorization?: string) =>
      fetch(`${bUrl}/regions/peer/support/accounts/${customerUid}`, {
        headers: authorization ? { authorization } : {},
      });
    const grant = {
      iss: 'a',
      aud: 'b',
      kind: 's' as const,
      id: null,
      exp: b.clock.now() + PEER_GRANT_TTL_MS,
    };
    expect((await ask(`Region ${signPeerGrant(SECRET, grant)}`)).status).toBe(200);
    expect(
      (await ask(`Region ${signPeerGrant(SECRET, { ...grant, kind: 'i', id: installer.id })}`)).status,
    ).toBe(403);
    expect(
      (await ask(`Region ${signPeerGrant('another-secret-of-at-least-32-characters', grant)}`)).status,
    ).toBe(401);
    expect((await ask()).status).toBe(401);
  });

  it('a region that failed midway (500): the refusal says the account may have been made there', async () => {
    const made = await a.call({
      method: 'POST',
      url: '/regions/customers/c',
      token: installer.token,
      payload: newcomer('midway'),
    });
    expect([made.status, made.json.code, made.json.error]).toEqual([
      503,
      'region_unavailable',
      'Region c did not finish answering; the account may have been made there: look for it among your customers before trying again',
    ]);
  });

  it('with b down: a clear refusal, and no account in either region', async () => {
    await b.app.close();
    const away = newcomer('Away');
    const made = await a.call({
      method: 'POST',
      url: '/regions/customers/b',
      token: installer.token,
      payload: away,
    });
    expect([made.status, made.json.code, made.json.error]).toEqual([
      503,
      'region_unavailable',
      'Region b does not answer just now; no account was made. Try again in a moment',
    ]);
    expect(await usersNamed(a, away.email)).toEqual([]);
    expect(await usersNamed(b, away.email)).toEqual([]);
    const page = await a.call({
      method: 'GET',
      url: `/regions/support/accounts/b/${customerUid}`,
      token: support.token,
    });
    expect([page.status, page.json.error]).toEqual([503, 'Region b does not answer just now']);
  });
});

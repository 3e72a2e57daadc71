import { afterAll, beforeAll, expect, it } from 'vitest';
import { describeEachDb, type TestApp } from '../../testing/harness.ts';
import { signedInUser } from '../../testing/sessions.ts';
import { TestIdp } from './testing.ts';

// A real OpenID Provider on loopback (oidc-provider); the app reaches it by discovery like any other.
const PORT = 20251;
const HOST = 'vigil.test';
const CLIENT = {
  client_id: 'vigil-web',
  client_secret: 'vigil-web-secret-0123456789',
  redirect_uris: [
    `http://${HOST}/sso/test/end`,
    `http://${HOST}/sso/test/convert/end`,
    `http://${HOST}/oauth/test/end`,
  ],
};
let idp: TestIdp;
beforeAll(async () => {
  idp = await TestIdp.start(PORT, [CLIENT]);
});
afterAll(() => idp.close());

const env = () => ({
  SSO_PROVIDERS: JSON.stringify([
    {
      id: 'test',
      name: 'Test IdP',
      issuer: `http://127.0.0.1:${PORT}`,
      clientId: CLIENT.client_id,
      clientSecret: CLIENT.client_secret,
    },
  ]),
});

/** The browser's part: start at the app, sign in at the provider as `sub`, come back with the answer's query. */
async function throughProvider(
  t: TestApp,
  sub: string,
  body: { purpose: 'signin' | 'convert'; route?: 'sso' | 'oauth' },
  token?: string,
) {
  const start = await t.call({
    method: 'POST',
    url: '/sso/test/authorize',
    headers: { host: HOST },
    payload: body,
    token,
  });
  expect(start.status).toBe(200);
  const back = await idp.signIn(start.json.url, sub);
  // Back to the screen of the purpose: /sso/test/end, /sso/test/convert/end or /oauth/test/end.
  expect(`${back.origin}${back.pathname}`).toBe(new URL(start.json.url).searchParams.get('redirect_uri'));
  return { query: back.search, binding: start.json.binding as string };
}

/** A sign-in from start to end as `sub`: the callback's answer. */
async function signInAs(t: TestApp, sub: string) {
  return t.call({
    method: 'POST',
    url: '/sso/test/callback',
    payload: await throughProvider(t, sub, { purpose: 'signin' }),
  });
}

/** A convert from start to end: the user of `token` links the provider's account `sub`. */
async function linkAs(t: TestApp, token: string, sub: string) {
  const flow = await throughProvider(t, sub, { purpose: 'convert' }, token);
  return t.call({ method: 'POST', url: '/sso/test/link', payload: flow, token });
}

const register = (t: TestApp, payload: object) =>
  t.call({ method: 'POST', url: '/account/register', payload });

describeEachDb(
  'single sign-on through the browser (authorisation code with PKCE)',
  (ctx) => {
    it('lists the configured providers', async () => {
      const res = await ctx().call({ method: 'GET', url: '/sso/providers' });
      expect(res.json).toEqual({ providers: [{ id: 'test', name: 'Test IdP' }] });
    });

    it('sends the browser to the provider with PKCE, a state and a nonce, and back to the screen it came from', async () => {
      const t = ctx();
      const start = await t.call({
        method: 'POST',
        url: '/sso/test/authorize',
        headers: { host: HOST },
        payload: { purpose: 'signin', route: 'oauth' },
      });
      const url = new URL(start.json.url);
      expect(url.origin).toBe(`http://127.0.0.1:${PORT}`);
      expect(url.searchParams.get('code_challenge_method')).toBe('S256');
      expect(url.searchParams.get('redirect_uri')).toBe(`http://${HOST}/oauth/test/end`);
      expect(url.searchParams.get('client_id')).toBe('vigil-web');
      expect(url.searchParams.get('state')).toMatch(/^[\w-]{43}$/);
      expect(url.searchParams.get('nonce')).toMatch(/^[\w-]{43}$/);
    });

    it('links a signed-in password account (convert), then signs it in by the provider', async () => {
      const t = ctx();
      const u = await signedInUser(t);
      idp.accounts.set(`alice-${t.kind}`, { email: 'alice.sso@example.com', email_verified: true });
      const linked = await linkAs(t, u.token, `alice-${t.kind}`);
      expect(linked.status).toBe(200);
      expect(linked.json).toEqual({ provider: 'test', email: 'alice.sso@example.com' });

      const res = await signInAs(t, `alice-${t.kind}`);
      expect(res.status).toBe(200);
      expect(res.json.status).toBe('signedIn');
      expect(res.json.login).toMatchObject({
        uid: u.uid,
        email: u.email,
        sso_provider: 'test',
        sso_organization: null,
      });
      const session = await t.call({ method: 'GET', url: '/session', token: res.json.login.authToken });
      expect(session.json.uid).toBe(u.uid);
    });

    it('finds users by issuer and subject, never by e-mail: a new subject with a known address is not signed in', async () => {
      const t = ctx();
      const u = await t.createUser();
      idp.accounts.set(`mallory-${t.kind}`, { email: u.email, email_verified: true });
      const res = await signInAs(t, `mallory-${t.kind}`);
      expect(res.status).toBe(200);
      expect(res.json).toMatchObject({ status: 'unlinked', provider: 'test', email: u.email });
      expect(res.json.login).toBeUndefined();
      // Registering with it is refused too: the address has an account, whose owner signs in and links.
      const reg = await register(t, { ssoProvider: 'test', idToken: res.json.idToken });
      expect(reg.status).toBe(409);
      expect(reg.json.code).toBe('email_exists');
    });

    it('registers with the ID token of an unlinked identity, which then signs in, and is refused a second account', async () => {
      const t = ctx();
      idp.accounts.set(`bob-${t.kind}`, { email: `Bob.${t.kind}@example.com`, email_verified: true });
      const unlinked = await signInAs(t, `bob-${t.kind}`);
      expect(unlinked.json.status).toBe('unlinked');
      const reg = await register(t, { ssoProvider: 'test', idToken: unlinked.json.idToken, language: 'fr' });
      expect(reg.status).toBe(200);
      expect(reg.json.email).toBe(`bob.${t.kind}@example.com`);
      const again = await register(t, { ssoProvider: 'test', idToken: unlinked.json.idToken });
      expect(again.status).toBe(409);
      expect(again.json.code).toBe('sso_account_already_used');

      const res = await signInAs(t, `bob-${t.kind}`);
      expect(res.json.login).toMatchObject({
        uid: reg.json.uid,
        emailVerified: true,
        language: 'fr',
        sso_provider: 'test',
      });
    });

    it('refuses to register an identity without a verified e-mail address (sso_no_email)', async () => {
      const t = ctx();
      idp.accounts.set(`carol-${t.kind}`, { email: 'carol@example.com', email_verified: false });
      idp.accounts.set(`dave-${t.kind}`, { name: 'Dave' });
      for (const sub of [`carol-${t.kind}`, `dave-${t.kind}`]) {
        const unlinked = await signInAs(t, sub);
        const reg = await register(t, { ssoProvider: 'test', idToken: unlinked.json.idToken });
        expect(reg.status).toBe(400);
        expect(reg.json).toEqual({
          error: 'The single sign-on account has no verified e-mail address',
          code: 'sso_no_email',
        });
      }
    });

    it('refuses linking an identity that is already another account’s (sso_account_already_used)', async () => {
      const t = ctx();
      idp.accounts.set(`erin-${t.kind}`, { email: 'erin@example.com', email_verified: true });
      const first = await linkAs(t, (await signedInUser(t)).token, `erin-${t.kind}`);
      expect(first.status).toBe(200);
      const second = await linkAs(t, (await signedInUser(t)).token, `erin-${t.kind}`);
      expect(second.status).toBe(409);
      expect(second.json.code).toBe('sso_account_already_used');
    });

    it('uses a state once, only from the browser that started it, and only for its own purpose', async () => {
      const t = ctx();
      const u = await signedInUser(t);
      idp.accounts.set(`frank-${t.kind}`, { email: 'frank@example.com', email_verified: true });
      expect((await linkAs(t, u.token, `frank-${t.kind}`)).status).toBe(200);

      const callback = (payload: object) => t.call({ method: 'POST', url: '/sso/test/callback', payload });
      const flow = await throughProvider(t, `frank-${t.kind}`, { purpose: 'signin' });
      const otherBrowser = await callback({ ...flow, binding: 'another-browser' });
      expect(otherBrowser.status).toBe(401);
      expect(otherBrowser.json.code).toBe('invalid_token');
      // The refused attempt used the state up: the right browser cannot finish it either.
      expect((await callback(flow)).status).toBe(401);

      const good = await throughProvider(t, `frank-${t.kind}`, { purpose: 'signin' });
      expect((await callback(good)).json.status).toBe('signedIn');
      const again = await callback(good);
      expect(again.status).toBe(401);
      expect(again.json.code).toBe('invalid_token');
      // A convert's answer is not a sign-in.
      expect(
        (await callback(await throughProvider(t, `frank-${t.kind}`, { purpose: 'convert' }, u.token))).status,
      ).toBe(401);
    });

    it('needs a signed-in user to convert, and answers an unknown provider 404', async () => {
      const t = ctx();
      const anonymous = await t.call({
        method: 'POST',
        url: '/sso/test/authorize',
        payload: { purpose: 'convert' },
      });
      expect(anonymous.status).toBe(401);
      const unknown = await t.call({
        method: 'POST',
        url: '/sso/nope/authorize',
        payload: { purpose: 'signin' },
      });
      expect(unknown.status).toBe(404);
    });
  },
  env,
);

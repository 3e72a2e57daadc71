import { decodeJwt, generateKeyPair, SignJWT } from 'jose';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { describeEachDb, type TestApp } from '../../testing/harness.ts';
import { signedInUser } from '../../testing/sessions.ts';
import { plainBrand } from '../brands/testing.ts';
import { TestIdp } from './testing.ts';

// A real OpenID Provider on loopback (oidc-provider). `test` accepts the web client's and the app's ID tokens;
// `corp` is the same provider restricted to the organisation example.com (claim hd).
const PORT = 20252;
const WEB = {
  client_id: 'vigil-web',
  client_secret: 'vigil-web-secret-0123456789',
  redirect_uris: ['http://vigil.test/sso/corp/end'],
};
const APP = {
  client_id: 'vigil-app',
  client_secret: 'vigil-app-secret-0123456789',
  redirect_uris: ['http://vigil.test/app'],
};
const OTHER = {
  client_id: 'other-app',
  client_secret: 'other-app-secret-012345678',
  redirect_uris: ['http://other.test/cb'],
};
let idp: TestIdp;
beforeAll(async () => {
  idp = await TestIdp.start(PORT, [WEB, APP, OTHER]);
});
afterAll(() => idp.close());

const issuer = `http://127.0.0.1:${PORT}`;
const env = () => ({
  SSO_PROVIDERS: JSON.stringify([
    {
      id: 'test',
      issuer,
      clientId: WEB.client_id,
      clientSecret: WEB.client_secret,
      appClientIds: [APP.client_id],
    },
    {
      id: 'corp',
      issuer,
      clientId: WEB.client_id,
      clientSecret: WEB.client_secret,
      organisation: 'example.com',
      organisationClaim: 'hd',
    },
    // Nothing listens here: a provider that is down.
    { id: 'down', issuer: `http://127.0.0.1:${PORT + 7}`, clientId: WEB.client_id },
  ]),
});

let n = 0;
const nonce = () => `nonce-${++n}-${Date.now()}`;

/** A user registered by single sign-on as `sub` (claims set on the provider first). */
async function registered(t: TestApp, sub: string, claims: Record<string, unknown>, provider = 'test') {
  idp.accounts.set(sub, { email: `${sub}@example.com`, email_verified: true, ...claims });
  const { idToken } = await idp.idToken(WEB, sub, nonce());
  const reg = await t.call({
    method: 'POST',
    url: '/account/register',
    payload: { ssoProvider: provider, idToken },
  });
  expect(reg.status).toBe(200);
  return reg.json.uid as string;
}

const appLogin = (t: TestApp, body: object, provider = 'test') =>
  t.call({ method: 'POST', url: `/login/sso/${provider}`, payload: body });

describeEachDb(
  'POST /login/sso/{provider}: the app’s ID token',
  (ctx) => {
    it('signs in a linked identity with its ID token and refresh token, once per nonce', async () => {
      const t = ctx();
      const uid = await registered(t, `ann-${t.kind}`, {});
      const { idToken, refreshToken } = await idp.idToken(WEB, `ann-${t.kind}`, nonce());
      expect(refreshToken).toBeTruthy();
      const res = await appLogin(t, { id_token: idToken, refresh_token: refreshToken });
      expect(res.status).toBe(200);
      expect(res.json).toMatchObject({
        uid,
        sso_provider: 'test',
        webLogin: { uid, ssoRefreshToken: refreshToken },
      });
      // The same token again is a replay of its nonce.
      const replay = await appLogin(t, { id_token: idToken });
      expect(replay.status).toBe(401);
      expect(replay.json).toEqual({
        error: 'The sign-in could not be verified: this ID token was already used',
        code: 'invalid_token',
      });
    });

    it('accepts the app client’s tokens, refuses one without a nonce', async () => {
      const t = ctx();
      const uid = await registered(t, `ben-${t.kind}`, {});
      const app = await idp.idToken(APP, `ben-${t.kind}`, nonce());
      expect((await appLogin(t, { id_token: app.idToken })).json.uid).toBe(uid);
      const bare = await idp.idToken(WEB, `ben-${t.kind}`, undefined);
      const res = await appLogin(t, { id_token: bare.idToken });
      expect(res.status).toBe(401);
      expect(res.json.code).toBe('invalid_token');
    });

    it('refuses a token for another audience', async () => {
      const t = ctx();
      await registered(t, `cat-${t.kind}`, {});
      const other = await idp.idToken(OTHER, `cat-${t.kind}`, nonce());
      const res = await appLogin(t, { id_token: other.idToken });
      expect(res.status).toBe(401);
      expect(res.json.code).toBe('invalid_token');
      expect(res.json.error).toMatch(/aud/);
    });

    it('refuses a forged token: the provider’s claims and key id, signed with another key', async () => {
      const t = ctx();
      await registered(t, `dan-${t.kind}`, {});
      const real = await idp.idToken(WEB, `dan-${t.kind}`, nonce());
      const { privateKey } = await generateKeyPair('RS256');
      const forged = await new SignJWT({ ...decodeJwt(real.idToken), nonce: nonce() })
        .setProtectedHeader({ alg: 'RS256', kid: 'test-idp-key' })
        .sign(privateKey);
      const res = await appLogin(t, { id_token: forged });
      expect(res.status).toBe(401);
      expect(res.json).toEqual({
        error: 'The sign-in could not be verified: signature verification failed',
        code: 'invalid_token',
      });
    });

    it('refuses an expired token', async () => {
      const t = ctx();
      await registered(t, `eve-${t.kind}`, {});
      const { idToken } = await idp.idToken(WEB, `eve-${t.kind}`, nonce());
      t.clock.advance(2 * 3_600_000);
      try {
        const res = await appLogin(t, { id_token: idToken });
        expect(res.status).toBe(401);
        expect(res.json.error).toMatch(/"exp" claim timestamp check failed/);
      } finally {
        t.clock.advance(-2 * 3_600_000);
      }
    });

    it('answers sso_no_linked_account for an identity nobody linked; the token then still registers', async () => {
      const t = ctx();
      idp.accounts.set(`fay-${t.kind}`, { email: `fay-${t.kind}@example.com`, email_verified: true });
      const { idToken } = await idp.idToken(WEB, `fay-${t.kind}`, nonce());
      const res = await appLogin(t, { id_token: idToken });
      expect(res.status).toBe(404);
      expect(res.json).toEqual({
        error: 'No account is linked to this single sign-on account',
        code: 'sso_no_linked_account',
      });
      const reg = await t.call({
        method: 'POST',
        url: '/account/register',
        payload: { ssoProvider: 'test', idToken },
      });
      expect(reg.status).toBe(200);
      expect((await appLogin(t, { id_token: idToken })).json.uid).toBe(reg.json.uid);
    });

    it('restricts a provider to its organisation (sso_cannot_use), by ID token and through the browser', async () => {
      const t = ctx();
      idp.accounts.set(`gil-${t.kind}`, {
        email: `gil-${t.kind}@example.com`,
        email_verified: true,
        hd: 'elsewhere.org',
      });
      const outsider = await idp.idToken(WEB, `gil-${t.kind}`, nonce());
      const reg = await t.call({
        method: 'POST',
        url: '/account/register',
        payload: { ssoProvider: 'corp', idToken: outsider.idToken },
      });
      expect(reg.status).toBe(403);
      expect(reg.json).toEqual({
        error: 'This account cannot use single sign-on here',
        code: 'sso_cannot_use',
      });

      const uid = await registered(t, `hal-${t.kind}`, { hd: 'example.com' }, 'corp');
      const inside = await appLogin(
        t,
        { id_token: (await idp.idToken(WEB, `hal-${t.kind}`, nonce())).idToken },
        'corp',
      );
      expect(inside.json).toMatchObject({ uid, sso_provider: 'corp', sso_organization: 'example.com' });
      // The same person moved to another organisation at the provider: refused by token and by the browser flow.
      idp.accounts.set(`hal-${t.kind}`, {
        email: `hal-${t.kind}@example.com`,
        email_verified: true,
        hd: 'elsewhere.org',
      });
      const moved = await appLogin(
        t,
        { id_token: (await idp.idToken(WEB, `hal-${t.kind}`, nonce())).idToken },
        'corp',
      );
      expect(moved.status).toBe(403);
      expect(moved.json.code).toBe('sso_cannot_use');
      const start = await t.call({
        method: 'POST',
        url: '/sso/corp/authorize',
        headers: { host: 'vigil.test' },
        payload: { purpose: 'signin' },
      });
      const back = await idp.signIn(start.json.url, `hal-${t.kind}`);
      const web = await t.call({
        method: 'POST',
        url: '/sso/corp/callback',
        payload: { query: back.search, binding: start.json.binding },
      });
      expect(web.status).toBe(403);
      expect(web.json.code).toBe('sso_cannot_use');
    });

    it('offers on each host the providers its brand lists that are configured; others cannot be used there', async () => {
      const t = ctx();
      const support = await signedInUser(t, 's');
      const made = await t.call({
        method: 'POST',
        url: '/support/brands',
        token: support.token,
        payload: {
          ...plainBrand(`partner-${t.kind}`, [`partner-${t.kind}.test`]),
          ssoProviders: ['corp', 'google'],
        },
      });
      expect(made.status).toBe(200);
      // Support sees what it saved; the host offers what is configured of it.
      expect(made.json.ssoProviders).toEqual(['corp', 'google']);
      const brandOf = async (host: string) =>
        (await t.call({ method: 'GET', url: '/brand', headers: { host } })).json;
      // The main brand lists none: it offers every configured provider. A brand offers what it lists and is configured.
      expect((await brandOf('vigil.test')).ssoProviders).toEqual(['test', 'corp', 'down']);
      expect((await brandOf(`partner-${t.kind}.test`)).ssoProviders).toEqual(['corp']);
      const start = (provider: string, route: 'sso' | 'oauth') =>
        t.call({
          method: 'POST',
          url: `/sso/${provider}/authorize`,
          headers: { host: `partner-${t.kind}.test` },
          payload: { purpose: 'signin', route },
        });
      expect((await start('corp', 'sso')).status).toBe(200);
      for (const refused of [await start('test', 'sso'), await start('corp', 'oauth')]) {
        expect(refused.status).toBe(403);
        expect(refused.json.code).toBe('sso_cannot_use');
      }
    });

    it('goes on refreshing while the provider cannot be reached; the next refresh asks again', async () => {
      const t = ctx();
      const u = await signedInUser(t);
      // A series this provider started (made by hand: a provider that is down signs nobody in).
      await t.db.db
        .insertInto('sso_series')
        .values({
          series_id: u.login.webLogin.seriesId,
          issuer: 'http://127.0.0.1:1',
          subject: 's',
          provider: 'down',
          needs_refresh_token: 1,
          expires_at: t.clock.now() + 3_600_000,
        })
        .execute();
      const body = { ...u.login.webLogin, ssoRefreshToken: 'refresh-token-of-down' };
      const res = await t.call({ method: 'POST', url: '/login/refresh', payload: body });
      expect(res.status).toBe(200);
      expect(res.json.ssoRefreshToken).toBeUndefined();
      const missing = await t.call({
        method: 'POST',
        url: '/login/refresh',
        payload: { ...u.login.webLogin, loginToken: res.json.loginToken },
      });
      expect(missing.status).toBe(401);
    });

    it('refreshes an SSO series only with its provider refresh token, which the provider must still accept', async () => {
      const t = ctx();
      await registered(t, `ida-${t.kind}`, {});
      await registered(t, `jon-${t.kind}`, {});
      const ida = await idp.idToken(WEB, `ida-${t.kind}`, nonce());
      const jon = await idp.idToken(WEB, `jon-${t.kind}`, nonce());
      const login = (await appLogin(t, { id_token: ida.idToken, refresh_token: ida.refreshToken })).json;
      const body = {
        loginToken: login.webLogin.loginToken,
        seriesId: login.webLogin.seriesId,
        uid: login.uid,
      };
      const ok = await t.call({
        method: 'POST',
        url: '/login/refresh',
        payload: { ...body, ssoRefreshToken: ida.refreshToken },
      });
      expect(ok.status).toBe(200);
      const next = {
        ...body,
        loginToken: ok.json.loginToken,
        ssoRefreshToken: ok.json.ssoRefreshToken ?? ida.refreshToken,
      };
      // Someone else's refresh token names another subject: the series ends.
      const theirs = await t.call({
        method: 'POST',
        url: '/login/refresh',
        payload: { ...next, ssoRefreshToken: jon.refreshToken },
      });
      expect(theirs.status).toBe(401);
      expect(theirs.json.code).toBe('invalid_token');
      const after = await t.call({ method: 'POST', url: '/login/refresh', payload: next });
      expect(after.json.code).toBe('series_revoked');

      const second = (await appLogin(t, { id_token: jon.idToken, refresh_token: jon.refreshToken })).json;
      const without = await t.call({
        method: 'POST',
        url: '/login/refresh',
        payload: {
          loginToken: second.webLogin.loginToken,
          seriesId: second.webLogin.seriesId,
          uid: second.uid,
        },
      });
      expect(without.status).toBe(401);
      expect(without.json.error).toBe(
        'The sign-in could not be verified: the single sign-on refresh token is missing',
      );
    });
  },
  env,
);

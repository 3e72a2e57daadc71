import type { Server } from 'node:http';
import { exportJWK, generateKeyPair } from 'jose';
import Provider, { type ProviderContext } from 'oidc-provider';
import * as client from 'openid-client';

/** The claims an account of the test provider has beyond its subject. */
export interface TestIdpAccount {
  email?: string;
  email_verified?: boolean;
  name?: string;
  /** Google's organisation claim (a Workspace domain). */
  hd?: string;
}

export interface TestIdpClient {
  client_id: string;
  client_secret: string;
  redirect_uris: string[];
}

/**
 * A real OpenID Provider on loopback for the tests (oidc-provider, the certified implementation): authorisation code
 * with PKCE, refresh tokens, its own signing keys. Its sign-in screen is one form (label "Account", button "Sign
 * in") where any known subject signs in without a password; consent is given at once.
 */
export class TestIdp {
  readonly issuer: string;
  /** The provider's accounts by subject; a test adds and changes them at will. */
  readonly accounts: Map<string, TestIdpAccount>;
  readonly #server: Server;

  private constructor(issuer: string, server: Server, accounts: Map<string, TestIdpAccount>) {
    this.issuer = issuer;
    this.#server = server;
    this.accounts = accounts;
  }

  static async start(port: number, clients: TestIdpClient[]): Promise<TestIdp> {
    const issuer = `http://127.0.0.1:${port}`;
    const accounts = new Map<string, TestIdpAccount>();
    const { privateKey } = await generateKeyPair('RS256', { extractable: true });
    const provider = new Provider(issuer, {
      jwks: { keys: [{ ...(await exportJWK(privateKey)), kid: 'test-idp-key', alg: 'RS256', use: 'sig' }] },
      clients: clients.map((c) => ({
        ...c,
        grant_types: ['authorization_code', 'refresh_token'],
        response_types: ['code'],
        token_endpoint_auth_method: 'client_secret_post',
      })),
      findAccount: async (_ctx: unknown, sub: string) =>
        accounts.has(sub)
          ? { accountId: sub, claims: async () => ({ sub, ...accounts.get(sub) }) }
          : undefined,
      claims: { openid: ['sub'], email: ['email', 'email_verified'], profile: ['name', 'hd'] },
      // ID tokens carry the scopes' claims, as Google's and Microsoft's do.
      conformIdTokenClaims: false,
      features: { devInteractions: { enabled: false } },
      interactions: {
        url: (_ctx: unknown, interaction: { uid: string }) => `/interaction/${interaction.uid}`,
      },
      pkce: { required: () => true },
      cookies: { keys: ['vigil-test-idp-cookie-key'] },
      ttl: {
        Interaction: 600,
        Session: 3600,
        Grant: 3600,
        AccessToken: 600,
        IdToken: 3600,
        RefreshToken: 86_400,
      },
    });
    provider.use((ctx, next) => (ctx.path.startsWith('/interaction/') ? interact(provider, ctx) : next()));
    const server = await new Promise<Server>((done) => {
      const s = provider.listen(port, '127.0.0.1', () => done(s));
    });
    return new TestIdp(issuer, server, accounts);
  }

  /**
   * What a browser does between the authorisation URL and the way back to the client: signs in as `sub` on the
   * provider's form, follows its redirects with its cookies. Answers the URL the provider sends back to.
   */
  async signIn(authorizationUrl: string, sub: string): Promise<URL> {
    const jar = new Map<string, string>();
    let next = new URL(authorizationUrl);
    let body: string | undefined;
    for (let hop = 0; hop < 20; hop++) {
      if (next.origin !== this.issuer) return next;
      const res = await fetch(next, {
        method: body ? 'POST' : 'GET',
        body,
        redirect: 'manual',
        headers: {
          cookie: [...jar].map(([k, v]) => `${k}=${v}`).join('; '),
          ...(body ? { 'content-type': 'application/x-www-form-urlencoded' } : {}),
        },
      });
      for (const c of res.headers.getSetCookie()) {
        const pair = c.split(';', 1)[0] as string;
        jar.set(pair.slice(0, pair.indexOf('=')), pair.slice(pair.indexOf('=') + 1));
      }
      const location = res.headers.get('location');
      const form = res.status === 200 && next.pathname.startsWith('/interaction/') && !body;
      if (!location && !form)
        throw new Error(`the test provider answered ${res.status}: ${await res.text()}`);
      await res.arrayBuffer();
      body = form ? new URLSearchParams({ login: sub }).toString() : undefined;
      if (location) next = new URL(location, next);
    }
    throw new Error('the test provider redirected too often');
  }

  /** An ID token of this provider for a client, by the code flow as any relying party would get one. */
  async idToken(
    c: TestIdpClient,
    sub: string,
    nonce: string | undefined,
  ): Promise<{ idToken: string; refreshToken?: string }> {
    const config = await client.discovery(new URL(this.issuer), c.client_id, c.client_secret, undefined, {
      execute: [client.allowInsecureRequests],
    });
    const verifier = client.randomPKCECodeVerifier();
    const state = client.randomState();
    const url = client.buildAuthorizationUrl(config, {
      redirect_uri: c.redirect_uris[0] as string,
      scope: 'openid email profile offline_access',
      prompt: 'consent',
      state,
      ...(nonce ? { nonce } : {}),
      code_challenge: await client.calculatePKCECodeChallenge(verifier),
      code_challenge_method: 'S256',
    });
    const back = await this.signIn(url.href, sub);
    const tokens = await client.authorizationCodeGrant(config, back, {
      pkceCodeVerifier: verifier,
      expectedState: state,
      ...(nonce ? { expectedNonce: nonce } : {}),
    });
    return { idToken: tokens.id_token as string, refreshToken: tokens.refresh_token };
  }

  async close(): Promise<void> {
    this.#server.closeAllConnections();
    await new Promise((done) => this.#server.close(done));
  }
}

async function formBody(ctx: ProviderContext): Promise<URLSearchParams> {
  const chunks: Buffer[] = [];
  for await (const chunk of ctx.req) chunks.push(chunk as Buffer);
  return new URLSearchParams(Buffer.concat(chunks).toString());
}

const LOGIN_FORM = `<!doctype html><html lang="en"><head><title>Test provider</title></head><body>
<form method="post"><label for="login">Account</label> <input id="login" name="login" autocomplete="off">
<button type="submit">Sign in</button></form></body></html>`;

/** The provider's interactions: a login form; consent given at once for what the client asked. */
async function interact(provider: Provider, ctx: ProviderContext): Promise<void> {
  const details = await provider.interactionDetails(ctx.req, ctx.res);
  let result: Record<string, unknown>;
  if (details.prompt.name === 'login') {
    if (ctx.method === 'GET') {
      ctx.type = 'html';
      ctx.body = LOGIN_FORM;
      return;
    }
    result = { login: { accountId: (await formBody(ctx)).get('login') ?? '' } };
  } else {
    const grant = new provider.Grant({
      accountId: details.session?.accountId ?? '',
      clientId: String(details.params.client_id),
    });
    grant.addOIDCScope(String(details.params.scope));
    result = { consent: { grantId: await grant.save() } };
  }
  const to = await provider.interactionResult(ctx.req, ctx.res, result, { mergeWithLastSubmission: false });
  ctx.redirect(to);
  ctx.status = 303;
}

import { createRemoteJWKSet, type JWTPayload, jwtVerify } from 'jose';
import * as client from 'openid-client';
import { HttpError } from '../../http/errors.ts';
import type { SsoProviderConfig } from '../../sso-config.ts';
import { invalidIdToken, providerUnreachable } from './errors.ts';

/** The claims of a verified ID token that single sign-on reads. */
export type IdClaims = JWTPayload & {
  iss: string;
  sub: string;
  nonce?: string;
  email?: string;
  email_verified?: boolean;
};

export interface CodeResult {
  claims: IdClaims;
  idToken: string;
  refreshToken: string | undefined;
}

/** Asymmetric algorithms only: an HMAC-signed ID token would be signed with our own client secret. */
const ALGORITHMS = ['RS256', 'RS384', 'RS512', 'PS256', 'PS384', 'PS512', 'ES256', 'ES384', 'ES512', 'EdDSA'];

/** Plain http is allowed only to an issuer on this machine (tests, development); anything else needs https. */
function isLoopback(issuer: string): boolean {
  const host = new URL(issuer).hostname;
  return host === '127.0.0.1' || host === 'localhost' || host === '[::1]';
}

/**
 * The claims as the tables hold them (migration 0830): an issuer, subject or nonce longer than its column is refused
 * (OpenID Connect Core bounds sub at 255 characters), an over-long e-mail address is left out.
 */
export function fitted(claims: IdClaims): IdClaims {
  if (claims.iss.length > 512 || claims.sub.length > 255 || (claims.nonce?.length ?? 0) > 255)
    throw invalidIdToken('a claim is too long');
  if (typeof claims.email === 'string' && claims.email.length > 320) return { ...claims, email: undefined };
  return claims;
}

/** A network failure, as opposed to an answer the provider gave. */
function unreachable(err: unknown): boolean {
  return err instanceof TypeError && /fetch failed/i.test(err.message);
}

/** What went wrong with a provider's answer, as the client's error; network failures as 503. */
function failure(err: unknown): HttpError {
  if (err instanceof HttpError) return err;
  if (unreachable(err)) return providerUnreachable();
  if (err instanceof client.AuthorizationResponseError)
    return invalidIdToken(`the provider answered ${err.error}`);
  if (err instanceof client.ResponseBodyError) return invalidIdToken(`the provider refused (${err.error})`);
  return invalidIdToken(err instanceof Error ? err.message : 'unexpected answer');
}

/**
 * One OpenID Provider through openid-client (decision 0830): discovery once (again after a failure), the
 * authorisation code flow with PKCE, refresh, and the verification of an ID token the app brings (jose, with the
 * provider's published keys). openid-client checks the code flow's ID token itself: signature, issuer, audience,
 * expiry, nonce, and the state and issuer of the answer.
 */
export class OidcProvider {
  readonly config: SsoProviderConfig;
  #configuration: Promise<client.Configuration> | undefined;
  #jwks: ReturnType<typeof createRemoteJWKSet> | undefined;

  constructor(config: SsoProviderConfig) {
    this.config = config;
  }

  #discover(): Promise<client.Configuration> {
    const { issuer, clientId, clientSecret } = this.config;
    this.#configuration ??= client
      .discovery(new URL(issuer), clientId, clientSecret, undefined, {
        execute: isLoopback(issuer) ? [client.allowInsecureRequests] : [],
      })
      .catch((err: unknown) => {
        this.#configuration = undefined;
        throw unreachable(err) ? providerUnreachable() : failure(err);
      });
    return this.#configuration;
  }

  async authorizationUrl(p: {
    redirectUri: string;
    state: string;
    nonce: string;
    verifier: string;
  }): Promise<string> {
    const configuration = await this.#discover();
    const params: Record<string, string> = {
      redirect_uri: p.redirectUri,
      scope: this.config.scopes,
      state: p.state,
      nonce: p.nonce,
      code_challenge: await client.calculatePKCECodeChallenge(p.verifier),
      code_challenge_method: 'S256',
    };
    // OpenID Connect Core 11: a refresh token for offline use is asked with prompt=consent.
    if (this.config.scopes.split(' ').includes('offline_access')) params.prompt = 'consent';
    return client.buildAuthorizationUrl(configuration, params).href;
  }

  /** The callback's code for tokens; every check of the answer and its ID token is openid-client's. */
  async exchange(
    callbackUrl: URL,
    checks: { state: string; nonce: string; verifier: string },
  ): Promise<CodeResult> {
    const configuration = await this.#discover();
    try {
      const tokens = await client.authorizationCodeGrant(configuration, callbackUrl, {
        expectedState: checks.state,
        expectedNonce: checks.nonce,
        pkceCodeVerifier: checks.verifier,
        idTokenExpected: true,
      });
      const claims = tokens.claims() as IdClaims | undefined;
      if (!claims || !tokens.id_token) throw invalidIdToken('no ID token');
      return { claims: fitted(claims), idToken: tokens.id_token, refreshToken: tokens.refresh_token };
    } catch (err) {
      throw failure(err);
    }
  }

  /** The provider's answer to a refresh token: the new ID token's claims (when it sends one) and refresh token. */
  async refresh(
    refreshToken: string,
  ): Promise<{ claims: IdClaims | undefined; refreshToken: string | undefined }> {
    const configuration = await this.#discover();
    try {
      const tokens = await client.refreshTokenGrant(configuration, refreshToken);
      return { claims: tokens.claims() as IdClaims | undefined, refreshToken: tokens.refresh_token };
    } catch (err) {
      throw failure(err);
    }
  }

  /**
   * An ID token the client brings (the app's own sign-in, a registration): signed by one of the provider's published
   * keys, issued by it, for one of our clients, not expired at `now`. The nonce is the caller's to check.
   */
  async verify(idToken: string, now: number): Promise<IdClaims> {
    const configuration = await this.#discover();
    const meta = configuration.serverMetadata();
    if (!meta.jwks_uri) throw providerUnreachable();
    this.#jwks ??= createRemoteJWKSet(new URL(meta.jwks_uri));
    try {
      const { payload } = await jwtVerify(idToken, this.#jwks, {
        issuer: meta.issuer,
        audience: this.config.audiences,
        algorithms: ALGORITHMS,
        currentDate: new Date(now),
        requiredClaims: ['sub', 'exp', 'iat'],
      });
      // OpenID Connect Core 3.1.3.7: with several audiences, the party it was issued to must be one of ours.
      if (
        Array.isArray(payload.aud) &&
        payload.aud.length > 1 &&
        !this.config.audiences.includes(String(payload.azp))
      )
        throw invalidIdToken('issued to another party');
      return fitted(payload as IdClaims);
    } catch (err) {
      if (err instanceof HttpError) throw err;
      if (unreachable(err)) throw providerUnreachable();
      throw invalidIdToken(err instanceof Error ? err.message : 'unexpected token');
    }
  }
}

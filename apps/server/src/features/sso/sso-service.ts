import type {
  LoginResult,
  SsoCallbackResult,
  SsoLinked,
  SsoProvider,
  SsoStartResult,
} from '@vigil/contracts';
import { badRequest, HttpError, notFound, unauthorised } from '../../http/errors.ts';
import type { Caller } from '../../shared/caller.ts';
import { hashToken, randomToken } from '../../shared/random.ts';
import type { ClientInfo } from '../auth/session-service.ts';
import { invalidIdToken, ssoErrors } from './errors.ts';
import type { IdClaims, OidcProvider } from './oidc.ts';
import type { SsoRepository } from './sso-repository.ts';

/** How long a started sign-in may take at the provider (typing a password, a second factor). */
export const SSO_REQUEST_TTL_MS = 10 * 60_000;
/** An SSO-started series is asked about no longer than a series lives (auth's SERIES_MAX_AGE_MS, 30 days). */
const SSO_SERIES_TTL_MS = 30 * 86_400_000;

/** What single sign-on asks of the auth feature: its session service, never its tables (decision 0018). */
export interface SsoSessions {
  ssoLogin(
    uid: string,
    sso: { provider: string; organisation: string | null },
    client: ClientInfo,
  ): Promise<LoginResult>;
  linkSso(uid: string, sso: { provider: string; organisation: string | null }): Promise<void>;
}

/** What a host's brand says about single sign-on (features/brands' public brand, decision 0820). */
export interface SsoBrand {
  mainBrand: boolean;
  ssoProviders: readonly string[];
}

export interface SsoServiceDeps {
  repo: SsoRepository;
  providers: ReadonlyMap<string, OidcProvider>;
  sessions: SsoSessions;
  now: () => number;
  /** The brand of a request's host; unset, every configured provider may be used on every host. */
  brandOf?: ((host: string | undefined) => Promise<SsoBrand>) | undefined;
}

/** A sign-in or convert being started, from the web app on some host. */
export interface SsoStart {
  provider: string;
  purpose: Purpose;
  /** /oauth (the main brand's) or /sso (brands with single sign-on): spec 000 §2. */
  route: 'sso' | 'oauth';
  redirectUri: string;
  host: string | undefined;
  caller: Caller | undefined;
}

type Purpose = 'signin' | 'convert';

/**
 * Single sign-on (decisions 0830–0833): the authorisation code flow with PKCE for the web app, the app's ID token
 * sign-in, registration's identity check, and the provider's say on every refresh of a series it started. Users
 * are found by (issuer, subject) only.
 */
export class SsoService {
  readonly #d: SsoServiceDeps;
  constructor(deps: SsoServiceDeps) {
    this.#d = deps;
  }

  list(): SsoProvider[] {
    return [...this.#d.providers.values()].map((p) => ({ id: p.config.id, name: p.config.name }));
  }

  #provider(id: string): OidcProvider {
    const p = this.#d.providers.get(id);
    if (!p) throw notFound('No such single sign-on provider');
    return p;
  }

  /** The organisation claim's value; a provider restricted to one organisation refuses every other (spec 000 §6). */
  #organisation(p: OidcProvider, claims: IdClaims): string | null {
    const rule = p.config.organisation;
    if (!rule) return null;
    const value = claims[rule.claim];
    if (typeof value !== 'string' || value !== rule.value) throw ssoErrors.cannotUse();
    return value;
  }

  /** A provider the host's brand does not offer, or /oauth on a brand other than the main one: cannot use. */
  async #offered(s: SsoStart): Promise<void> {
    const brand = await this.#d.brandOf?.(s.host);
    if (!brand) return;
    if (!brand.ssoProviders.includes(s.provider) || (s.route === 'oauth' && !brand.mainBrand))
      throw ssoErrors.cannotUse();
  }

  async start(s: SsoStart): Promise<SsoStartResult> {
    const { provider: providerId, purpose, redirectUri, caller } = s;
    const p = this.#provider(providerId);
    if (purpose === 'convert' && !caller) throw unauthorised();
    // The column's size (migration 0830); only a forged Host header makes an address this long.
    if (redirectUri.length > 1024) throw badRequest('host: too long');
    await this.#offered(s);
    const state = randomToken();
    const nonce = randomToken();
    const verifier = randomToken();
    const binding = randomToken();
    const url = await p.authorizationUrl({ redirectUri, state, nonce, verifier });
    const t = this.#d.now();
    await this.#d.repo.addRequest(
      {
        state_hash: hashToken(state),
        provider: providerId,
        purpose,
        uid: purpose === 'convert' ? (caller?.uid ?? null) : null,
        binding_hash: hashToken(binding),
        nonce,
        code_verifier: verifier,
        redirect_uri: redirectUri,
        expires_at: t + SSO_REQUEST_TTL_MS,
      },
      t,
    );
    return { url, binding };
  }

  /** The request a callback answers: its state used once, from the browser that started it, in time. */
  async #take(providerId: string, purpose: Purpose, query: string, binding: string) {
    const state = new URLSearchParams(query).get('state');
    if (!state) throw badRequest('query: the provider sent no state');
    const row = await this.#d.repo.takeRequest(hashToken(state));
    const t = this.#d.now();
    if (!row || row.expires_at <= t || row.provider !== providerId || row.purpose !== purpose)
      throw invalidIdToken('this sign-in is unknown, used or expired; start again');
    if (row.binding_hash !== hashToken(binding)) throw invalidIdToken('it was started in another browser');
    const p = this.#provider(providerId);
    const url = new URL(row.redirect_uri);
    url.search = query.startsWith('?') ? query.slice(1) : query;
    const result = await p.exchange(url, { state, nonce: row.nonce, verifier: row.code_verifier });
    return { p, row, ...result, organisation: this.#organisation(p, result.claims) };
  }

  /** The end of a web sign-in: signed in, or the verified ID token to register with when nobody is linked. */
  async callback(
    providerId: string,
    query: string,
    binding: string,
    client: ClientInfo,
  ): Promise<SsoCallbackResult> {
    const r = await this.#take(providerId, 'signin', query, binding);
    const identity = await this.#d.repo.findIdentity(r.claims.iss, r.claims.sub);
    const email = typeof r.claims.email === 'string' ? r.claims.email : null;
    if (!identity) return { status: 'unlinked', provider: providerId, idToken: r.idToken, email };
    const login = await this.#signIn(r.p, r.claims, identity.uid, r.organisation, r.refreshToken, client);
    return { status: 'signedIn', login };
  }

  /** The end of a convert: the signed-in user who started it links the provider's account to theirs. */
  async convert(providerId: string, query: string, binding: string, caller: Caller): Promise<SsoLinked> {
    const r = await this.#take(providerId, 'convert', query, binding);
    if (r.row.uid !== caller.uid) throw invalidIdToken('it was started by another account');
    await this.#link(r.p, r.claims, caller.uid, r.organisation);
    return { provider: providerId, email: typeof r.claims.email === 'string' ? r.claims.email : null };
  }

  /**
   * POST /login/sso/{provider} (spec 000 §7): the app's ID token. It must carry a nonce, accepted once: a token
   * seen before is a replay. The nonce is claimed only once the sign-in will succeed, so a token refused for want
   * of an account can still register.
   */
  async appLogin(providerId: string, idToken: string, refreshToken: string | undefined, client: ClientInfo) {
    const p = this.#provider(providerId);
    const t = this.#d.now();
    const claims = await p.verify(idToken, t);
    if (typeof claims.nonce !== 'string' || !claims.nonce) throw invalidIdToken('the ID token has no nonce');
    const organisation = this.#organisation(p, claims);
    const identity = await this.#d.repo.findIdentity(claims.iss, claims.sub);
    if (!identity) throw ssoErrors.noLinkedAccount();
    const expiresAt = typeof claims.exp === 'number' ? claims.exp * 1000 : t + SSO_REQUEST_TTL_MS;
    if (!(await this.#d.repo.claimNonce(claims.iss, claims.nonce, expiresAt, t)))
      throw invalidIdToken('this ID token was already used');
    return this.#signIn(p, claims, identity.uid, organisation, refreshToken, client);
  }

  /** Registration by single sign-on (auth's hook): who registers, and the link made once the account exists. */
  async registrant(providerId: string, idToken: string) {
    const p = this.#d.providers.get(providerId);
    if (!p) throw ssoErrors.cannotUse();
    const claims = await p.verify(idToken, this.#d.now());
    const organisation = this.#organisation(p, claims);
    if (typeof claims.email !== 'string' || !claims.email || claims.email_verified !== true)
      throw ssoErrors.noEmail();
    if (await this.#d.repo.findIdentity(claims.iss, claims.sub)) throw ssoErrors.accountAlreadyUsed();
    return {
      email: claims.email.toLowerCase(),
      provider: providerId,
      organisation,
      link: (uid: string) => this.#link(p, claims, uid, organisation),
    };
  }

  /**
   * Auth's refresh of a series asks here first. A series started by single sign-on with a provider refresh token
   * must present it, and the provider must still accept it (and, with a new ID token, still name the same person in
   * the allowed organisation); the provider's rotated token is handed back.
   */
  async refresh(seriesId: string, token: string | undefined): Promise<string | undefined> {
    const row = await this.#d.repo.findSeries(seriesId);
    if (!row) return undefined;
    if (!token) {
      if (row.needs_refresh_token === 1) throw invalidIdToken('the single sign-on refresh token is missing');
      return undefined;
    }
    const p = this.#d.providers.get(row.provider);
    if (!p) throw ssoErrors.cannotUse();
    // A provider that cannot be reached does not sign everyone out: this refresh goes on unasked, the next one asks
    // again (decision 0832). Only the provider's refusal ends the series.
    const answer = await p.refresh(token).catch((err: unknown) => {
      if (err instanceof HttpError && err.statusCode === 503) return undefined;
      throw err;
    });
    if (!answer) return undefined;
    if (answer.claims) {
      if (answer.claims.sub !== row.subject || answer.claims.iss !== row.issuer)
        throw invalidIdToken('the refresh token is another person’s');
      this.#organisation(p, answer.claims);
    }
    return answer.refreshToken && answer.refreshToken !== token ? answer.refreshToken : undefined;
  }

  async #link(p: OidcProvider, claims: IdClaims, uid: string, organisation: string | null): Promise<void> {
    const { repo, now, sessions } = this.#d;
    const email = typeof claims.email === 'string' ? claims.email : null;
    const existing = await repo.findIdentity(claims.iss, claims.sub);
    if (existing && existing.uid !== uid) throw ssoErrors.accountAlreadyUsed();
    if (!existing) {
      const added = await repo.addIdentity({
        issuer: claims.iss,
        subject: claims.sub,
        uid,
        provider: p.config.id,
        email,
        organisation,
        created_at: now(),
        last_login_at: null,
      });
      if (!added) throw ssoErrors.accountAlreadyUsed();
    }
    await sessions.linkSso(uid, { provider: p.config.id, organisation });
  }

  async #signIn(
    p: OidcProvider,
    claims: IdClaims,
    uid: string,
    organisation: string | null,
    refreshToken: string | undefined,
    client: ClientInfo,
  ): Promise<LoginResult> {
    const { repo, now, sessions } = this.#d;
    const t = now();
    const email = typeof claims.email === 'string' ? claims.email : null;
    await repo.touchIdentity(claims.iss, claims.sub, { email, organisation, last_login_at: t });
    const login = await sessions.ssoLogin(uid, { provider: p.config.id, organisation }, client);
    if (!login.webLogin) return login;
    await repo.addSeries(
      {
        series_id: login.webLogin.seriesId,
        issuer: claims.iss,
        subject: claims.sub,
        provider: p.config.id,
        needs_refresh_token: refreshToken ? 1 : 0,
        expires_at: t + SSO_SERIES_TTL_MS,
      },
      t,
    );
    return refreshToken
      ? { ...login, webLogin: { ...login.webLogin, ssoRefreshToken: refreshToken } }
      : login;
  }
}

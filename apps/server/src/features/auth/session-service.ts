import type {
  CameraGroup,
  LoginBody,
  LoginQuery,
  LoginResponse,
  LoginResult,
  Organisation,
  RefreshBody,
  RefreshResult,
} from '@vigil/contracts';
import type { Config } from '../../config.ts';
import { HttpError, unauthorised } from '../../http/errors.ts';
import type { Caller } from '../../shared/caller.ts';
import { hashToken, randomId, randomToken } from '../../shared/random.ts';
import { managementScopeOf, managementTypeOf, toLoginResult } from './account-info.ts';
import type { LoginThrottle } from './login-throttle.ts';
import type { SecurityNotices } from './notices.ts';
import type { OrganisationsRepository } from './organisations-repository.ts';
import { burnPasswordCheck, verifyPassword } from './passwords.ts';
import type { SeriesRepository } from './series-repository.ts';
import type { TokenSigner } from './tokens.ts';
import type { UserRow, UsersRepository } from './users-repository.ts';

const DAY_MS = 86_400_000;
/** Without "remember me" a series lasts a working day; with it, SERIES_TTL_DAYS since its last refresh. */
const SHORT_SERIES_MS = 12 * 3_600_000;
/** However often it is refreshed, a series ends this long after its sign-in (NIST SP 800-63B AAL1: 30 days). */
export const SERIES_MAX_AGE_MS = 30 * DAY_MS;
/** Live series one user may hold; signing in past it ends the least recently used (decision 0009). */
export const MAX_SERIES_PER_USER = 20;

export interface ClientInfo {
  ip: string;
  userAgent: string | undefined;
}

export interface SessionDeps {
  config: Config;
  users: UsersRepository;
  series: SeriesRepository;
  organisations: OrganisationsRepository;
  signer: TokenSigner;
  throttle: LoginThrottle;
  notices: SecurityNotices;
  now: () => number;
  /** Organisations the user opens as an additional user (accounts feature). */
  memberOrganisations: (uid: string) => Promise<Organisation[]>;
  cameraGroups: (uid: string) => Promise<CameraGroup[]>;
  partnerDemoCameras?: (() => Promise<string[]>) | undefined;
  /**
   * A series started by single sign-on asks its provider again on each refresh (sso feature, decision 0832): it
   * throws when the provider no longer lets the user in, and answers the provider's new refresh token if it rotated.
   */
  ssoRefresh?:
    | ((seriesId: string, ssoRefreshToken: string | undefined) => Promise<string | undefined>)
    | undefined;
}

/** How a single sign-on ended: the provider and organisation (the login result's sso_ fields). */
export interface SsoSignIn {
  provider: string;
  organisation: string | null;
}

const invalidCredentials = () => new HttpError(401, 'invalid_credentials', 'Incorrect e-mail or password');
const tooMany = (sec: number) =>
  new HttpError(429, 'rate_limited', `Too many sign-in attempts. Try again in ${sec} seconds.`, {
    'retry-after': String(sec),
  });

/** Sign-in, token refresh with theft detection, sign-out, and the account info the web app keeps. */
export class SessionService {
  readonly #d: SessionDeps;
  constructor(deps: SessionDeps) {
    this.#d = deps;
  }

  async login(body: LoginBody, query: LoginQuery, client: ClientInfo): Promise<LoginResponse> {
    const { users, series, throttle, notices, config } = this.#d;
    const user = await users.findByEmail(body.email);
    // A directory entry for an account homed on another regional server: send the client there.
    if (user && user.region !== config.REGION && user.password_hash === null) return this.#location(user);

    const userAgent = client.userAgent?.slice(0, 512) ?? null;
    const history = user
      ? await series.deviceHistory(user.uid, client.ip, userAgent)
      : { any: false, known: false };
    const wait = await throttle.waitSec(body.email, client.ip, history.known);
    if (wait) throw tooMany(wait);

    const ok = user?.password_hash
      ? await verifyPassword(user.password_hash, body.password)
      : await burnPasswordCheck(body.password);
    if (!user || !ok || user.is_demo === 1) {
      await throttle.failed(body.email, client.ip);
      throw invalidCredentials();
    }
    await throttle.succeeded(body.email, client.ip, history.known);
    if (user.region !== config.REGION) return this.#location(user);
    const result = await this.#startSeries(user, query.rememberme ?? false, query, client);
    // The first sign-in of an account is not news to its owner; a later one from a new place or browser is.
    if (history.any && !history.known) notices.newDevice(user.email, { ip: client.ip, userAgent });
    return result;
  }

  /**
   * Sign-in by single sign-on of a user the sso feature found by (issuer, subject) and whose ID token it verified
   * (decision 0831). Never the demo account; no password, so no throttle.
   */
  async ssoLogin(uid: string, sso: SsoSignIn, client: ClientInfo): Promise<LoginResult> {
    const user = await this.#d.users.findByUid(uid);
    if (!user || user.is_demo === 1)
      throw unauthorised('This account cannot sign in here', 'invalid_credentials');
    await this.#d.users.setSso(uid, sso.provider, sso.organisation);
    return this.#startSeries(
      { ...user, sso_provider: sso.provider, sso_organization: sso.organisation },
      true,
      {},
      client,
    );
  }

  /** A provider linked to the account (convert, registration): the login result's sso_ fields from now on. */
  async linkSso(uid: string, sso: SsoSignIn): Promise<void> {
    await this.#d.users.setSso(uid, sso.provider, sso.organisation);
  }

  async demoLogin(client: ClientInfo): Promise<LoginResult> {
    const demo = await this.#d.users.findDemo();
    if (!demo) throw new HttpError(503, 'internal', 'The demo account is not available');
    return this.#startSeries(demo, false, {}, client);
  }

  async refresh(body: RefreshBody): Promise<RefreshResult> {
    const { series: repo, users, config, now } = this.#d;
    const t = now();
    const series = await repo.find(body.seriesId);
    if (!series || series.uid !== body.uid)
      throw unauthorised('Your session has ended; sign in again', 'invalid_token');
    if (series.revoked_at !== null)
      throw unauthorised('Your session has ended; sign in again', 'series_revoked');
    if (series.expires_at <= t || series.created_at + SERIES_MAX_AGE_MS <= t) {
      await repo.revoke(series.id, 'expired', t);
      throw unauthorised('Your session has expired; sign in again', 'token_expired');
    }
    const presented = hashToken(body.loginToken);
    const token = await repo.findToken(series.id, presented);
    const graceMs = config.REFRESH_GRACE_SEC * 1000;
    // A token that was never issued to this series, or one superseded long ago, means someone else holds a copy:
    // end the whole series so the thief's copy dies with it. Two tabs refreshing together stay inside the grace.
    if (!token || (token.superseded_at !== null && t - token.superseded_at > graceMs)) {
      await repo.revoke(series.id, 'token_replay', t);
      const owner = await users.findByUid(series.uid);
      if (owner)
        this.#d.notices.tokenReplay(owner.email, { ip: series.client_ip, userAgent: series.user_agent });
      throw unauthorised('Your session has ended for your security; sign in again', 'series_revoked');
    }
    const user = await users.findByUid(series.uid);
    if (!user) throw unauthorised('Your session has ended; sign in again', 'invalid_token');

    const ssoRefreshToken = await this.#askSso(series.id, body.ssoRefreshToken, t);
    const loginToken = randomToken();
    await repo.rotate(series.id, presented, hashToken(loginToken), t);
    await repo.extend(series.id, this.#expiry(series.created_at, t, series.remember_me === 1));
    const caller = this.#callerOf(user, series.id);
    return {
      authToken: await this.#d.signer.signAuth(caller),
      managementToken: await this.#d.signer.signManagement(
        caller,
        managementTypeOf(user.account_type),
        managementScopeOf(user.account_type),
      ),
      loginToken,
      seriesId: series.id,
      uid: body.uid,
      expiresIn: this.#d.signer.authTtlSec,
      ...(ssoRefreshToken ? { ssoRefreshToken } : {}),
    };
  }

  /** A provider that refuses the user now ends the series: the same answer as any other ended session. */
  async #askSso(seriesId: string, token: string | undefined, t: number): Promise<string | undefined> {
    if (!this.#d.ssoRefresh) return undefined;
    try {
      return await this.#d.ssoRefresh(seriesId, token);
    } catch (err) {
      if (err instanceof HttpError && err.statusCode === 401)
        await this.#d.series.revoke(seriesId, 'sso_refused', t);
      throw err;
    }
  }

  /** Ends the caller's series, or the one named in the body when its login token matches. */
  async logout(
    caller: Caller | undefined,
    body: { loginToken?: string | undefined; seriesId?: string | undefined },
  ): Promise<true> {
    const { series: repo, now } = this.#d;
    if (caller) {
      await repo.revoke(caller.seriesId, 'logout', now());
      return true;
    }
    if (
      body.seriesId &&
      body.loginToken &&
      (await repo.findToken(body.seriesId, hashToken(body.loginToken)))
    ) {
      await repo.revoke(body.seriesId, 'logout', now());
      return true;
    }
    throw unauthorised();
  }

  /** The session check the web app makes at start: the account info for a valid auth token. */
  async accountInfo(caller: Caller, authToken: string): Promise<LoginResult> {
    const user = await this.#d.users.findByUid(caller.uid);
    if (!user) throw unauthorised();
    return this.#loginResult(user, caller, authToken, null);
  }

  /** Sliding from the last use, never past the series' absolute end. */
  #expiry(createdAt: number, t: number, rememberMe: boolean): number {
    const ttl = rememberMe ? this.#d.config.SERIES_TTL_DAYS * DAY_MS : SHORT_SERIES_MS;
    return Math.min(t + ttl, createdAt + SERIES_MAX_AGE_MS);
  }

  #callerOf(user: UserRow, seriesId: string): Caller {
    return { uid: user.uid, accountType: user.account_type, seriesId, demo: user.is_demo === 1 };
  }

  #location(user: UserRow): LoginResponse {
    const location = this.#d.config.REGION_MAP[user.region];
    if (!location)
      throw new HttpError(503, 'internal', `The ${user.region} region is not reachable from here`);
    return { location, region: user.region };
  }

  async #startSeries(
    user: UserRow,
    rememberMe: boolean,
    q: LoginQuery,
    client: ClientInfo,
  ): Promise<LoginResult> {
    const t = this.#d.now();
    const seriesId = randomId();
    const loginToken = randomToken();
    await this.#d.series.create(
      {
        id: seriesId,
        uid: user.uid,
        created_at: t,
        expires_at: this.#expiry(t, t, rememberMe),
        last_used_at: t,
        revoked_at: null,
        revoked_reason: null,
        remember_me: rememberMe ? 1 : 0,
        phone_id: q.phoneid ?? null,
        phone_name: q.phonename ?? null,
        model: q.model ?? null,
        app_version: q.app_version ?? null,
        push_token: q.apntoken ?? q.android_registration_id ?? null,
        client_ip: client.ip,
        user_agent: client.userAgent?.slice(0, 512) ?? null,
      },
      hashToken(loginToken),
    );
    // The demo account is shared by every visitor: capping it would sign visitors out of each other.
    if (user.is_demo !== 1) await this.#d.series.revokeBeyond(user.uid, MAX_SERIES_PER_USER, 'series_cap', t);
    const caller = this.#callerOf(user, seriesId);
    const authToken = await this.#d.signer.signAuth(caller);
    return this.#loginResult(user, caller, authToken, {
      loginToken,
      seriesId,
      uid: user.uid as LoginResult['uid'],
    });
  }

  async #loginResult(
    user: UserRow,
    caller: Caller,
    authToken: string,
    webLogin: LoginResult['webLogin'],
  ): Promise<LoginResult> {
    const { organisations, users, signer, config } = this.#d;
    const partner = user.account_type === 'i' || user.account_type === 'd';
    const [orgs, memberOrgs, groups, steps, demoCameras] = await Promise.all([
      organisations.ownedBy(user.uid),
      this.#d.memberOrganisations(user.uid),
      this.#d.cameraGroups(user.uid),
      users.incompleteSelfRegSteps(user.uid),
      partner && this.#d.partnerDemoCameras ? this.#d.partnerDemoCameras() : [],
    ]);
    return toLoginResult({
      user,
      organisations: orgs,
      memberOrganisations: memberOrgs,
      cameraGroups: groups,
      partnerDemoCameras: demoCameras,
      incompleteSelfRegSteps: steps,
      isSelfReg: user.installer_id !== null && config.SELF_REG_INSTALLER_IDS.includes(user.installer_id),
      region: config.REGION,
      authToken,
      managementToken: await signer.signManagement(
        caller,
        managementTypeOf(user.account_type),
        managementScopeOf(user.account_type),
      ),
      webLogin,
      expiresIn: signer.authTtlSec,
    });
  }
}

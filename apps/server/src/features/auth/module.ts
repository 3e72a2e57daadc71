import type { CameraGroup, Organisation } from '@vigil/contracts';
import type { Db } from '@vigil/db';
import type { FastifyBaseLogger } from 'fastify';
import type { Config } from '../../config.ts';
import type { FeatureRoutes } from '../../http/feature-routes.ts';
import type { ThrottleStore } from '../../shared-state/open.ts';
import type { Mailer } from '../mail/mailer.ts';
import { AccountService } from './account-service.ts';
import { EmailVerificationService } from './email-verification-service.ts';
import { LoginThrottle } from './login-throttle.ts';
import { ManagedAccounts } from './managed-accounts.ts';
import { SecurityNotices } from './notices.ts';
import { OrganisationsRepository } from './organisations-repository.ts';
import { PasswordResetService } from './password-reset-service.ts';
import { RegistrationService, type SsoRegistrant } from './registration-service.ts';
import { ResetsRepository } from './resets-repository.ts';
import { authRoutes } from './routes.ts';
import { SeriesRepository } from './series-repository.ts';
import { SessionService } from './session-service.ts';
import { TokenSigner } from './tokens.ts';
import { UserDirectory } from './user-directory.ts';
import { UsersRepository } from './users-repository.ts';
import { VerificationsRepository } from './verifications-repository.ts';

/** What auth asks of the accounts feature at run time; callbacks, because accounts is built after auth. */
export interface AuthAccountHooks {
  /** Organisations the user opens as an additional user, for the login result. */
  memberOrganisations: (uid: string) => Promise<Organisation[]>;
  cameraGroups: (uid: string) => Promise<CameraGroup[]>;
  /** The demo account's cameras, shown to installers and distributors as the free partner demo (decision 0720). */
  partnerDemoCameras?: () => Promise<string[]>;
  /** Accepts an invitation right after registering with it. */
  acceptInvite: (uid: string, email: string, token: string) => Promise<unknown>;
}

/** What auth asks of the sso feature at run time (decisions 0831, 0832); callbacks, because sso is built after. */
export interface AuthSsoHooks {
  refresh: (seriesId: string, ssoRefreshToken: string | undefined) => Promise<string | undefined>;
  registrant: (provider: string, idToken: string) => Promise<SsoRegistrant>;
}

/** Builds the auth feature: users, sign-in sessions, tokens, passwords, e-mail verification, security notices. */
export function createAuth(d: {
  db: Db;
  config: Config;
  secret: string;
  mailer: Mailer;
  log: FastifyBaseLogger;
  now: () => number;
  accounts: AuthAccountHooks;
  /** Where the sign-in throttle keeps its counts: memory, or shared by a fleet (decision 0605). */
  throttleStore: ThrottleStore;
  /** Single sign-on; without it registration by SSO is refused and refreshes ask no provider. */
  sso?: AuthSsoHooks;
  /** Whether a host's brand registers users (decision 0824); brands are built after auth, asked at run time. */
  registrationOpen?: (host: string | undefined) => Promise<boolean>;
  /** Told of each new account's host (decision 0825); brands are built after auth, asked at run time. */
  registered?: (uid: string, host: string) => Promise<void>;
}) {
  const { db, config, mailer, now } = d;
  const users = new UsersRepository(db);
  const series = new SeriesRepository(db);
  const signer = new TokenSigner(d.secret, config.AUTH_TOKEN_TTL_SEC);
  const notices = new SecurityNotices(mailer, config.publicUrl, d.log);
  const throttle = new LoginThrottle(
    {
      freePerAddress: config.LOGIN_FREE_FAILURES,
      freePerAccount: config.LOGIN_FREE_FAILURES_PER_ACCOUNT,
      baseDelayMs: 1_000,
      maxDelayMs: 15 * 60_000,
    },
    now,
    d.throttleStore,
    (err) => d.log.warn({ err: String(err) }, 'sign-in throttle store failed; not throttling'),
  );
  const sessions = new SessionService({
    config,
    users,
    series,
    organisations: new OrganisationsRepository(db),
    signer,
    throttle,
    notices,
    now,
    memberOrganisations: d.accounts.memberOrganisations,
    cameraGroups: d.accounts.cameraGroups,
    partnerDemoCameras: d.accounts.partnerDemoCameras,
    ssoRefresh: d.sso?.refresh,
  });
  const resets = new PasswordResetService({
    config,
    users,
    resets: new ResetsRepository(db),
    series,
    mailer,
    notices,
    throttle,
    log: d.log,
    now,
  });
  const verification = new EmailVerificationService({
    config,
    users,
    verifications: new VerificationsRepository(db),
    notices,
    now,
  });
  const registration = new RegistrationService({
    config,
    users,
    verification,
    notices,
    now,
    acceptInvite: d.accounts.acceptInvite,
    ssoIdentity: d.sso?.registrant,
  });
  /** Whether a login series is still live (not signed out, revoked or expired): the auth guard asks per request. */
  const seriesLive = async (id: string) => {
    const s = await series.find(id);
    return s !== undefined && s.revoked_at === null && s.expires_at > now();
  };
  const routes: FeatureRoutes = (app) =>
    app.register(authRoutes, {
      sessions,
      resets,
      registration,
      verification,
      users,
      registrationOpen: d.registrationOpen,
      registered: d.registered,
      limits: {
        loginPerMin: config.LOGIN_MAX_PER_MIN,
        registerPerHour: config.REGISTER_MAX_PER_IP_PER_HOUR,
        refreshPerMin: config.REFRESH_MAX_PER_IP_PER_MIN,
        lostPasswordPerHour: config.LOSTPASSWORD_MAX_PER_IP_PER_HOUR,
      },
    });
  return {
    sessions,
    resets,
    notices,
    verification,
    signer,
    seriesLive,
    directory: new UserDirectory(db),
    /** Accounts partners and support make for others, and support's tools on them (decision 0720). */
    managed: new ManagedAccounts(users, resets, throttle, { region: config.REGION, now }),
    /** The signed-in user's own account (/account routes, served by the accounts feature). */
    account: new AccountService(users, series, now, notices, (u) => verification.sendLink(u)),
    routes,
  };
}

export type AuthModule = ReturnType<typeof createAuth>;

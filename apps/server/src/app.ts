import { APP_VERSION } from '@vigil/contracts';
import type { DbHandle } from '@vigil/db';
import Fastify, { type FastifyInstance, type FastifyServerOptions } from 'fastify';
import type { Config } from './config.ts';
import { OrganisationsRepository } from './features/accounts/organisations-repository.ts';
import { PasswordResetService } from './features/auth/password-reset-service.ts';
import { WindowCounter } from './features/auth/rate-limiter.ts';
import { RegistrationService } from './features/auth/registration-service.ts';
import { ResetsRepository } from './features/auth/resets-repository.ts';
import { authRoutes } from './features/auth/routes.ts';
import { SeriesRepository } from './features/auth/series-repository.ts';
import { SessionService } from './features/auth/session-service.ts';
import { TokenSigner } from './features/auth/tokens.ts';
import { UsersRepository } from './features/auth/users-repository.ts';
import { serverSecret } from './features/bootstrap/secret.ts';
import { healthRoutes } from './features/health/routes.ts';
import { Mailer } from './features/mail/mailer.ts';
import { ReportingRepository } from './features/reporting/reporting-repository.ts';
import { ReportingService } from './features/reporting/reporting-service.ts';
import { reportingRoutes } from './features/reporting/routes.ts';
import { postJson } from './features/reporting/slack.ts';
import { useWebApp } from './features/web/static.ts';
import { useAuthGuard } from './http/auth-guard.ts';
import { useCors } from './http/cors.ts';
import { useErrorHandler } from './http/error-handler.ts';
import { useZodValidation } from './http/zod.ts';

export interface AppOptions {
  config: Config;
  database: DbHandle;
  /** The clock every service reads; tests move it. */
  now?: () => number;
  logger?: FastifyServerOptions['logger'];
}

export interface AppServices {
  sessions: SessionService;
  resets: PasswordResetService;
  mailer: Mailer;
}

declare module 'fastify' {
  interface FastifyInstance {
    services: AppServices;
  }
}

/** Error reports one client address may send per minute; the web app itself sends at most 6. */
const WEB_ERRORS_MAX_PER_IP_PER_MIN = 30;

/** Log redaction: secrets never reach the logs, whatever the level. */
export const REDACT = [
  'req.headers.authorization',
  'req.headers.cookie',
  '*.password',
  '*.newpass',
  '*.loginToken',
  '*.authToken',
];

/** The one app factory: the process (main.ts) and every test (`app.inject`) build the server with it. */
export async function buildApp(opts: AppOptions): Promise<FastifyInstance> {
  const { config, database } = opts;
  const now = opts.now ?? Date.now;
  const app = Fastify({
    logger: opts.logger ?? { level: config.LOG_LEVEL, redact: REDACT },
    bodyLimit: 1_048_576,
    trustProxy: config.TRUST_PROXY,
    // Fastify refuses __proto__ and constructor.prototype keys in JSON bodies with a 400 by default; say so.
    onProtoPoisoning: 'error',
    onConstructorPoisoning: 'error',
    routerOptions: { ignoreTrailingSlash: true },
  });
  useZodValidation(app);
  useErrorHandler(app);
  useCors(app, [config.publicUrl, ...Object.values(config.REGION_MAP)]);

  const db = database.db;
  const users = new UsersRepository(db);
  const series = new SeriesRepository(db);
  const organisations = new OrganisationsRepository(db);
  const signer = new TokenSigner(await serverSecret(db, config.SECRET_KEY), config.AUTH_TOKEN_TTL_SEC);
  const mailer = new Mailer(db, { smtpUrl: config.SMTP_URL, from: config.MAIL_FROM }, app.log);
  const sessions = new SessionService({
    config,
    users,
    series,
    organisations,
    signer,
    loginsPerIp: new WindowCounter(config.LOGIN_MAX_PER_IP_PER_MIN, 60_000, now),
    failuresPerAccount: new WindowCounter(config.LOGIN_MAX_FAILURES_PER_ACCOUNT, 15 * 60_000, now),
    now,
  });
  const resets = new PasswordResetService({
    config,
    users,
    resets: new ResetsRepository(db),
    series,
    mailer,
    log: app.log,
    now,
  });
  const registration = new RegistrationService({ config, users, now });
  app.decorate('services', { sessions, resets, mailer });

  useAuthGuard(app, signer, async (id) => {
    const s = await series.find(id);
    return s !== undefined && s.revoked_at === null && s.expires_at > now();
  });

  await app.register(healthRoutes, { db, kind: database.kind, region: config.REGION, version: APP_VERSION });
  await app.register(authRoutes, { sessions, resets, registration, users });
  await app.register(reportingRoutes, {
    reporting: new ReportingService({
      repo: new ReportingRepository(db),
      slackWebhookUrl: config.SLACK_WEBHOOK_URL,
      post: postJson,
      log: app.log,
      now,
    }),
    reportsPerIp: new WindowCounter(WEB_ERRORS_MAX_PER_IP_PER_MIN, 60_000, now),
  });
  await useWebApp(app, { distDir: config.WEB_DIST });
  app.addHook('onClose', async () => mailer.close());
  return app;
}

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
import { type CameraIntegrations, type CamerasModule, createCameras } from './features/cameras/module.ts';
import { cameraRoutes } from './features/cameras/routes.ts';
import { healthRoutes } from './features/health/routes.ts';
import { Mailer } from './features/mail/mailer.ts';
import { useWebApp } from './features/web/static.ts';
import { useAuthGuard } from './http/auth-guard.ts';
import { useCors } from './http/cors.ts';
import { useErrorHandler } from './http/error-handler.ts';
import { logSerializers } from './http/log-redaction.ts';
import { useZodValidation } from './http/zod.ts';

export interface AppOptions {
  config: Config;
  database: DbHandle;
  /** The clock every service reads; tests move it. */
  now?: () => number;
  logger?: FastifyServerOptions['logger'];
  /** The recorder's status provider and task runner (and a camera probe, for tests); defaults in-process. */
  cameras?: CameraIntegrations;
}

export interface AppServices {
  sessions: SessionService;
  resets: PasswordResetService;
  mailer: Mailer;
  cameras: CamerasModule;
}

declare module 'fastify' {
  interface FastifyInstance {
    services: AppServices;
  }
}

/** Log redaction: secrets never reach the logs, whatever the level. */
export const REDACT = [
  'req.headers.authorization',
  'req.headers.cookie',
  '*.password',
  '*.newpass',
  '*.loginToken',
  '*.authToken',
];

/** The logger options of the process: level, redacted paths, request URLs without secrets. */
export function loggerOptions(level: string) {
  return { level, redact: REDACT, serializers: logSerializers };
}

/** The one app factory: the process (main.ts) and every test (`app.inject`) build the server with it. */
export async function buildApp(opts: AppOptions): Promise<FastifyInstance> {
  const { config, database } = opts;
  const now = opts.now ?? Date.now;
  const app = Fastify({
    logger: opts.logger ?? loggerOptions(config.LOG_LEVEL),
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
  const secret = await serverSecret(db, config.SECRET_KEY);
  const signer = new TokenSigner(secret, config.AUTH_TOKEN_TTL_SEC);
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
  const cameras = createCameras({
    db,
    config,
    secret,
    organisations,
    log: app.log,
    now,
    integrations: opts.cameras,
  });
  app.decorate('services', { sessions, resets, mailer, cameras: cameras.module });

  useAuthGuard(app, signer, async (id) => {
    const s = await series.find(id);
    return s !== undefined && s.revoked_at === null && s.expires_at > now();
  });

  await app.register(healthRoutes, { db, kind: database.kind, region: config.REGION, version: APP_VERSION });
  await app.register(authRoutes, { sessions, resets, registration, users });
  await app.register(cameraRoutes, cameras.routes);
  await useWebApp(app, { distDir: config.WEB_DIST });
  app.addHook('onClose', async () => mailer.close());
  return app;
}

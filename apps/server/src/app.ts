import { join } from 'node:path';
import fastifyWebsocket from '@fastify/websocket';
import { APP_VERSION } from '@vigil/contracts';
import type { DbHandle } from '@vigil/db';
import { Recogniser } from '@vigil/recorder';
import Fastify, { type FastifyInstance, type FastifyServerOptions } from 'fastify';
import type { Config } from './config.ts';
import { AccountAccess } from './features/access/account-access.ts';
import { SupportConsent } from './features/access/support-consent.ts';
import { SupportGrantsRepository } from './features/access/support-grants-repository.ts';
import { supportAccessRoutes } from './features/access/support-routes.ts';
import { SupportViewAudit } from './features/access/support-views.ts';
import { AccountService } from './features/accounts/account-service.ts';
import { GroupsRepository } from './features/accounts/groups-repository.ts';
import { GroupsService } from './features/accounts/groups-service.ts';
import { MembersRepository } from './features/accounts/members-repository.ts';
import { MembersService } from './features/accounts/members-service.ts';
import { OrganisationsRepository } from './features/accounts/organisations-repository.ts';
import { accountRoutes } from './features/accounts/routes.ts';
import { AuditLog } from './features/audit/audit-log.ts';
import { AuditRepository } from './features/audit/audit-repository.ts';
import { auditRoutes } from './features/audit/routes.ts';
import { EmailVerificationService } from './features/auth/email-verification-service.ts';
import { LoginThrottle } from './features/auth/login-throttle.ts';
import { SecurityNotices } from './features/auth/notices.ts';
import { PasswordResetService } from './features/auth/password-reset-service.ts';
import { RegistrationService } from './features/auth/registration-service.ts';
import { ResetsRepository } from './features/auth/resets-repository.ts';
import { authRoutes } from './features/auth/routes.ts';
import { SeriesRepository } from './features/auth/series-repository.ts';
import { SessionService } from './features/auth/session-service.ts';
import { TokenSigner } from './features/auth/tokens.ts';
import { UsersRepository } from './features/auth/users-repository.ts';
import { VerificationsRepository } from './features/auth/verifications-repository.ts';
import { serverSecret } from './features/bootstrap/secret.ts';
import { CamerasRepository } from './features/cameras/cameras-repository.ts';
import { type CameraIntegrations, type CamerasModule, createCameras } from './features/cameras/module.ts';
import { cameraRoutes } from './features/cameras/routes.ts';
import { EventsRepository } from './features/events/events-repository.ts';
import { EventsService } from './features/events/events-service.ts';
import { eventRoutes } from './features/events/routes.ts';
import type { EvidenceExports } from './features/evidence/evidence-service.ts';
import { createEvidence } from './features/evidence/module.ts';
import { evidenceRoutes } from './features/evidence/routes.ts';
import { MediaGrants } from './features/grants/media-grants.ts';
import { grantRoutes } from './features/grants/routes.ts';
import { healthRoutes } from './features/health/routes.ts';
import { AnalyticsSettingsService } from './features/labels/analytics-settings.ts';
import { EventLabeller } from './features/labels/event-labeller.ts';
import { analyticsRoutes } from './features/labels/routes.ts';
import { Mailer } from './features/mail/mailer.ts';
import { EventsMotionSink } from './features/motion/events-sink.ts';
import { MotionSettingsService } from './features/motion/motion-settings.ts';
import { eventPicturesReclaimer } from './features/motion/pictures-reclaimer.ts';
import { motionRoutes } from './features/motion/routes.ts';
import { InProcessBus, type RealtimeBus } from './features/realtime/bus.ts';
import { realtimeRoutes } from './features/realtime/routes.ts';
import { LiveGrants } from './features/recording/live-hls/grants.ts';
import { LiveHls } from './features/recording/live-hls/live-hls.ts';
import { liveHlsRoutes } from './features/recording/live-hls/routes.ts';
import { liveRoutes } from './features/recording/live-routes.ts';
import type { RecordingPort } from './features/recording/recording.ts';
import { stillsRoutes } from './features/recording/stills-routes.ts';
import { createRecordings } from './features/recordings/module.ts';
import { recordingRoutes } from './features/recordings/routes.ts';
import { ReportingRepository } from './features/reporting/reporting-repository.ts';
import { ReportingService } from './features/reporting/reporting-service.ts';
import { reportingRoutes } from './features/reporting/routes.ts';
import { postJson } from './features/reporting/slack.ts';
import { shareRoutes } from './features/sharing/routes.ts';
import { ShareRepository } from './features/sharing/share-repository.ts';
import { ShareService } from './features/sharing/share-service.ts';
import { ShareTokens } from './features/sharing/share-tokens.ts';
import { StorageAlerts } from './features/storage/storage-alerts.ts';
import { useWebApp } from './features/web/static.ts';
import { useApiDocs } from './http/api-docs.ts';
import { useAuthGuard } from './http/auth-guard.ts';
import { useCors } from './http/cors.ts';
import { useErrorHandler } from './http/error-handler.ts';
import { logSerializers } from './http/log-redaction.ts';
import { useRateLimits } from './http/rate-limits.ts';
import { useSecurityHeaders } from './http/security-headers.ts';
import { useZodValidation } from './http/zod.ts';

export interface AppOptions {
  config: Config;
  database: DbHandle;
  /** The clock every service reads; tests move it. */
  now?: () => number;
  logger?: FastifyServerOptions['logger'];
  /** Realtime fan-out; in-process unless given. */
  realtimeBus?: RealtimeBus;
  /** How often open realtime streams re-check access (tests shorten it). */
  realtimeRecheckMs?: number;
  /** The recorder's status provider and task runner (and a camera probe, for tests); defaults in-process. */
  cameras?: CameraIntegrations;
  /** The recorder (features/recording): started with the app, stopped when it closes. None: no live, no stills. */
  recording?: RecordingPort;
}

export interface AppServices {
  sessions: SessionService;
  resets: PasswordResetService;
  mailer: Mailer;
  /** Security e-mails (password or e-mail changed, new device, stolen token): tests await `flush()`. */
  notices: SecurityNotices;
  realtime: RealtimeBus;
  cameras: CamerasModule;
  recording: RecordingPort | undefined;
  /** Where the recorder sends motion events: `Recorder.start({ motionSink: app.services.motionSink })`. */
  motionSink: EventsMotionSink;
  /** Recognition labels of motion events (decision 0555). */
  labeller: EventLabeller;
  /** Clip exports as evidence: begin/complete/fail around a download (decision 0506, features/evidence). */
  evidence: EvidenceExports;
  /** The account audit log, for any feature to record what was done (features/audit). */
  audit: AuditLog;
}

/** One entry per method and path the server answers: the access tests are generated from it. */
export interface RouteInfo {
  method: string;
  url: string;
  auth: 'required' | 'optional' | 'none';
  demoAllowed: boolean;
}

declare module 'fastify' {
  interface FastifyInstance {
    services: AppServices;
    routeTable: RouteInfo[];
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
    // Stills carry the auth token as a path segment (spec 001 §7): longer than the router's default of 100.
    routerOptions: { ignoreTrailingSlash: true, maxParamLength: 4096 },
  });
  const routeTable: RouteInfo[] = [];
  app.addHook('onRoute', (r) => {
    const methods = Array.isArray(r.method) ? r.method : [r.method];
    for (const method of methods) {
      routeTable.push({
        method,
        url: r.url,
        // Read when asked: a plugin's own onRoute hook (web app, API docs) may set its routes' config after this one.
        get auth() {
          return r.config?.auth ?? 'required';
        },
        demoAllowed: r.config?.demoAllowed ?? false,
      });
    }
  });
  app.decorate('routeTable', routeTable);
  useZodValidation(app, { checkResponses: config.NODE_ENV !== 'production' });
  // At the root, once: it routes every upgrade through Fastify's hooks (auth guard included) to `wsHandler` routes.
  await app.register(fastifyWebsocket);
  useErrorHandler(app);
  // First of the onRequest hooks, so every answer carries them, the web app's index included (decision 0014).
  useSecurityHeaders(app, [
    ...[config.VIDEO_SERVICE_URL, config.AUTH_SERVICE_URL].filter((u): u is string => !!u),
    ...Object.values(config.REGION_MAP),
  ]);
  await useRateLimits(app);
  useCors(app, [config.publicUrl, ...Object.values(config.REGION_MAP)]);
  // Before the auth guard: a browser navigation to a path that is also an API call (/cameras) gets the web app.
  await useWebApp(app, { distDir: config.WEB_DIST });
  // Before the API's routes: the OpenAPI document collects them as they are added (decision 0020).
  await useApiDocs(app, { version: APP_VERSION });

  const db = database.db;
  const users = new UsersRepository(db);
  const series = new SeriesRepository(db);
  const organisations = new OrganisationsRepository(db);
  const secret = await serverSecret(db, config.SECRET_KEY);
  const signer = new TokenSigner(secret, config.AUTH_TOKEN_TTL_SEC);
  const mailer = new Mailer(db, { smtpUrl: config.SMTP_URL, from: config.MAIL_FROM }, app.log);
  const notices = new SecurityNotices(mailer, config.publicUrl, app.log);
  const throttle = new LoginThrottle(
    {
      freePerAddress: config.LOGIN_FREE_FAILURES,
      freePerAccount: config.LOGIN_FREE_FAILURES_PER_ACCOUNT,
      baseDelayMs: 1_000,
      maxDelayMs: 15 * 60_000,
    },
    now,
  );
  const sessions = new SessionService({
    config,
    users,
    series,
    organisations,
    signer,
    throttle,
    notices,
    now,
    memberOrganisations: (uid) => membersService.sessionOrganisations(uid),
    cameraGroups: (uid) => groups.sessionGroups(uid),
  });
  const members = new MembersRepository(db);
  const grants = new SupportGrantsRepository(db);
  const access = new AccountAccess(members, grants, now);
  const membersService = new MembersService({
    config,
    members,
    users,
    organisations,
    access,
    mailer,
    now,
    requireVerifiedEmail: (uid) => verification.require(uid),
  });
  const groups = new GroupsService(new GroupsRepository(db), access, now);
  const resets = new PasswordResetService({
    config,
    users,
    resets: new ResetsRepository(db),
    series,
    mailer,
    notices,
    throttle,
    log: app.log,
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
    acceptInvite: (uid, email, token) => membersService.acceptFor(uid, email, token),
  });
  const realtime = opts.realtimeBus ?? new InProcessBus();
  const audit = new AuditLog(new AuditRepository(db), access);
  const supportConsent = new SupportConsent({ grants, access, audit, now });

  const cameras = createCameras({
    requireVerifiedEmail: (uid) => verification.require(uid),
    db,
    config,
    secret,
    organisations,
    accountAccess: access,
    supportViews: new SupportViewAudit(audit, now),
    log: app.log,
    now,
    integrations: { ...opts.recording?.integrations, ...opts.cameras },
  });
  const recording = opts.recording;
  // The recogniser's thread and model start with the first still of a camera with analytics (decision 0555).
  const labeller = new EventLabeller({
    db,
    recogniser: new Recogniser({ ffmpegPath: config.FFMPEG_PATH }),
    log: app.log,
    bus: realtime,
  });
  app.addHook('onClose', () => labeller.close());
  const eventsDir = join(config.DATA_DIR, 'events');
  const motionSink = new EventsMotionSink({
    db,
    bus: realtime,
    dir: eventsDir,
    log: app.log,
    now,
    onStill: (e) => labeller.still(e),
  });
  const evidence = createEvidence({ db, secret, publicUrl: config.publicUrl, now });
  app.decorate('services', {
    sessions,
    resets,
    mailer,
    notices,
    realtime,
    cameras: cameras.module,
    recording,
    motionSink,
    labeller,
    evidence: evidence.service,
    audit,
  });

  const seriesLive = async (id: string) => {
    const s = await series.find(id);
    return s !== undefined && s.revoked_at === null && s.expires_at > now();
  };
  const mediaGrants = new MediaGrants(secret);
  useAuthGuard(app, signer, seriesLive, mediaGrants, now);

  await app.register(healthRoutes, {
    database,
    region: config.REGION,
    version: APP_VERSION,
    pendingIndexRows: opts.recording?.pendingIndexRows?.bind(opts.recording),
    storage: recording?.storage ? () => recording.storage?.() : undefined,
  });
  await app.register(authRoutes, {
    sessions,
    resets,
    registration,
    verification,
    users,
    limits: {
      loginPerMin: config.LOGIN_MAX_PER_MIN,
      registerPerHour: config.REGISTER_MAX_PER_IP_PER_HOUR,
      refreshPerMin: config.REFRESH_MAX_PER_IP_PER_MIN,
      lostPasswordPerHour: config.LOSTPASSWORD_MAX_PER_IP_PER_HOUR,
    },
  });
  await app.register(reportingRoutes, {
    reporting: new ReportingService({
      repo: new ReportingRepository(db),
      slackWebhookUrl: config.SLACK_WEBHOOK_URL,
      post: postJson,
      log: app.log,
      now,
    }),
    reportsPerIpPerMin: WEB_ERRORS_MAX_PER_IP_PER_MIN,
  });
  await app.register(cameraRoutes, cameras.routes);
  await app.register(eventRoutes, { events: new EventsService(new EventsRepository(db), access, now) });
  await app.register(motionRoutes, {
    settings: new MotionSettingsService({
      db,
      access: cameras.module.access,
      tasks: cameras.module.tasks,
      now,
    }),
  });
  await app.register(analyticsRoutes, {
    settings: new AnalyticsSettingsService({ db, access: cameras.module.access, now }),
  });
  const cameraRows = new CamerasRepository(db);
  const shares = new ShareService({
    links: new ShareRepository(db),
    tokens: new ShareTokens(secret),
    access,
    cameraAddedAt: async (uidd) => (await cameraRows.find(uidd))?.created_at,
    now,
  });
  await app.register(shareRoutes, { shares, lookupsPerIpPerMin: config.SHARE_LOOKUPS_MAX_PER_IP_PER_MIN });
  await app.register(grantRoutes, { grants: mediaGrants, access: cameras.module.access, now });
  await app.register(recordingRoutes, {
    evidence: evidence.service,
    ...createRecordings({
      db,
      config,
      secret,
      cameraAccess: cameras.module.access,
      shares,
      callerOfToken: (token) => app.callerOfToken(token),
      seriesLive,
      appNow: now,
      // Recordings are wall-clock video made by a real recorder: ranges "in the future" are judged by the real clock.
      now: Date.now,
    }),
  });
  await app.register(evidenceRoutes, evidence.routes);
  await app.register(auditRoutes, { audit });
  await app.register(supportAccessRoutes, { consent: supportConsent });
  await app.register(realtimeRoutes, {
    bus: realtime,
    access,
    seriesLive,
    recheckMs: opts.realtimeRecheckMs,
  });
  await app.register(accountRoutes, {
    members: membersService,
    groups,
    account: new AccountService(users, series, now, notices),
  });
  await app.register(liveRoutes, {
    media: recording,
    access: cameras.module.access,
    seriesLive,
    recheckMs: opts.realtimeRecheckMs,
  });
  const liveHls = recording ? new LiveHls(recording) : undefined;
  await app.register(liveHlsRoutes, {
    hls: liveHls,
    access: cameras.module.access,
    grants: new LiveGrants(secret),
  });
  await app.register(stillsRoutes, { media: recording, access: cameras.module.access });
  if (recording) {
    const storageAlerts = new StorageAlerts({
      db,
      mailer,
      supportEmail: config.SUPPORT_EMAIL,
      region: config.REGION,
      log: app.log,
    });
    await recording.start({
      db,
      cameras: cameras.module.directory,
      bus: realtime,
      log: app.log,
      motionSink,
      // Event pictures go after every deletable recording (decision 0208).
      storageReclaimers: [eventPicturesReclaimer(db, eventsDir)],
      onStorage: (state) => storageAlerts.report(state),
    });
    app.addHook('onClose', async () => {
      liveHls?.closeAll();
      await recording.stop();
    });
  }
  app.addHook('onClose', async () => mailer.close());
  return app;
}

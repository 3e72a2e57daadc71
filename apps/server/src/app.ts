import type { NatsStatus } from '@vigil/contracts';
import type { DbHandle } from '@vigil/db';
import type { SegmentStore } from '@vigil/recorder';
import type { FastifyInstance, FastifyServerOptions } from 'fastify';
import { httpPipeline } from './app-http.ts';
import { createCameraSettingsFeatures } from './camera-settings-features.ts';
import type { Config } from './config.ts';
import { createEventAnalysis } from './event-analysis-features.ts';
import { createAccess } from './features/access/module.ts';
import { accountMemberships } from './features/accounts/memberships.ts';
import { createAccounts } from './features/accounts/module.ts';
import type { AuditLog } from './features/audit/audit-log.ts';
import { createAudit } from './features/audit/module.ts';
import { createAuth } from './features/auth/module.ts';
import type { SecurityNotices } from './features/auth/notices.ts';
import type { PasswordResetService } from './features/auth/password-reset-service.ts';
import type { SessionService } from './features/auth/session-service.ts';
import type { UserDirectory } from './features/auth/user-directory.ts';
import { createBilling } from './features/billing/module.ts';
import { serverSecret } from './features/bootstrap/secret.ts';
import type { BrandService } from './features/brands/brand-service.ts';
import { createBrands } from './features/brands/module.ts';
import { type CameraIntegrations, type CamerasModule, createCameras } from './features/cameras/module.ts';
import { ownerStatuses } from './features/cameras/owner-statuses.ts';
import { createEvents } from './features/events/module.ts';
import type { EvidenceExports } from './features/evidence/evidence-service.ts';
import { createEvidence } from './features/evidence/module.ts';
import { createFleet } from './features/fleet/module.ts';
import { createGrants } from './features/grants/module.ts';
import type { HealthAlertNotifier } from './features/health/alert-notifier.ts';
import { createHealth } from './features/health/module.ts';
import type { EventLabeller } from './features/labels/event-labeller.ts';
import type { MotionSampler } from './features/labels/motion-sampler.ts';
import { licensedRetention } from './features/licences/licensed-retention.ts';
import { createLicences } from './features/licences/module.ts';
import type { RetentionReview } from './features/licences/retention-review.ts';
import { Mailer } from './features/mail/mailer.ts';
import { createMetrics } from './features/metrics/module.ts';
import type { EventsMotionSink } from './features/motion/events-sink.ts';
import type { CameraNotifier } from './features/notifications/camera-notifier.ts';
import { observedBus } from './features/notifications/module.ts';
import { createOrders } from './features/orders/module.ts';
import { createPartners } from './features/partners/module.ts';
import type { PpeAnalyser } from './features/ppe/ppe-analyser.ts';
import type { RealtimeBus } from './features/realtime/bus.ts';
import { createRealtime } from './features/realtime/module.ts';
import type { CameraLookup } from './features/recording/directory-source.ts';
import { createLive } from './features/recording/module.ts';
import type { RecordingDeps, RecordingPort } from './features/recording/recording.ts';
import { createRecordings } from './features/recordings/module.ts';
import { openConfiguredSegmentStore } from './features/recordings/segment-store.ts';
import { createRegions } from './features/regions/module.ts';
import { createReporting } from './features/reporting/module.ts';
import { createSharing } from './features/sharing/module.ts';
import { createSso, ssoHooksFor } from './features/sso/module.ts';
import { StorageAlerts } from './features/storage/storage-alerts.ts';
import type { VehicleAnalyser } from './features/vehicles/vehicle-analyser.ts';
import { useAuthGuard } from './http/auth-guard.ts';
import type { FeatureRoutes } from './http/feature-routes.ts';
import { createNotificationFeatures } from './notification-features.ts';
import { ambientDb } from './shared/ambient-transaction.ts';
import type { Core } from './shared/core.ts';
import type { SharedState } from './shared-state/open.ts';

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
  /** Request limits and sign-in throttle counts; opened from SHARED_STATE_URL unless given (decision 0605). */
  sharedState?: SharedState;
  /** With NATS_URL: the connection's state, for /health (decision 0613). */
  natsStatus?: () => NatsStatus;
  /** Where recorded segments are kept (decision 0619); opened from SEGMENT_STORE unless given (then closed with the app). */
  segmentStore?: SegmentStore;
  /** The plate reader and the recorded keyframes it reads; tests hand in stand-ins (decision 0796). */
  plates?: Parameters<typeof createEventAnalysis>[1]['plates'];
}

export interface AppServices {
  sessions: SessionService;
  resets: PasswordResetService;
  /** What other features and the process may read of users (features/auth). */
  users: UserDirectory;
  mailer: Mailer;
  /** Security e-mails (password or e-mail changed, new device, stolen token): tests await `flush()`. */
  notices: SecurityNotices;
  /** Health alerts told to support (decision 0711): main.ts starts it, tests call `check()`. */
  healthAlerts: HealthAlertNotifier;
  /** Camera notifications (decision 0710): tests await `flush()`. */
  notifier: CameraNotifier;
  realtime: RealtimeBus;
  cameras: CamerasModule;
  recording: RecordingPort | undefined;
  /** Where the recorder sends motion events: `Recorder.start({ motionSink: app.services.motionSink })`. */
  motionSink: EventsMotionSink;
  /** Recognition labels of motion events (decision 0555). */
  labeller: EventLabeller;
  /** People counting's pictures while motion lasts (decision 0794); none without a recorder in the process. */
  sampler: MotionSampler | undefined;
  /** Licence plates of ended events of cameras with the LPR add-on (decision 0791). */
  vehicles: VehicleAnalyser;
  /** The PPE check on labelled stills of cameras with PPE on (decision 0870). */
  ppe: PpeAnalyser;
  /** Clip exports as evidence: begin/complete/fail around a download (decision 0506, features/evidence). */
  evidence: EvidenceExports;
  /** The account audit log, for any feature to record what was done (features/audit). */
  audit: AuditLog;
  /** Cameras' days held to the licences every 10 minutes (decision 0717); tests run a pass with `review()`. */
  licencesReview: RetentionReview;
  /**
   * A fleet recorder's hand-over of its cameras (decision 0600), for the process to run before it closes the app, so
   * live viewers keep their stream until they moved to the successor (0616); nothing elsewhere.
   */
  drainFleet: () => Promise<void>;
  /** White-label brands: `brands.brandForHost(host)` (features/brands, decision 0820). */
  brands: BrandService;
}

export type { RouteInfo } from './http/route-table.ts';

declare module 'fastify' {
  interface FastifyInstance {
    services: AppServices;
  }
}

export { loggerOptions, REDACT } from './app-http.ts';

/**
 * The one app factory: the process (main.ts) and every test (`app.inject`) build the server with it. It sets up
 * the HTTP pipeline, builds each feature from its `module.ts` (decision 0018) in the order their services need,
 * and registers their routes in one list.
 */
export async function buildApp(opts: AppOptions): Promise<FastifyInstance> {
  const { config, database } = opts;
  const now = opts.now ?? Date.now;
  // The HTTP pipeline; each host's page carries its brand (decision 0820): brands are built below, asked at
  // request time.
  const { app, hosts, shared } = await httpPipeline({
    ...opts,
    page: (html, host) => brands.page(html, host),
  });

  // The features, each built by its module, in the order their services need one another.
  // Every feature's handle: a unit of work's queries go into its one transaction (decision 0872).
  const db = ambientDb(database.db);
  const recording = opts.recording;
  const core: Core = { db, config, secret: await serverSecret(db, config.SECRET_KEY), log: app.log, now };
  const segmentStore = opts.segmentStore ?? (await openConfiguredSegmentStore(config, app.log));
  // A store closed before the recorder stops only leaves its last files for the next start's scan (decision 0619).
  if (!opts.segmentStore) app.addHook('onClose', () => segmentStore.close());
  const mailer = new Mailer(db, { smtpUrl: config.SMTP_URL, from: config.MAIL_FROM }, app.log);
  // Auth and accounts call each other at run time (a session lists the accounts one opens; an invitation needs a
  // verified e-mail): callbacks, bound once both are built.
  const auth = createAuth({
    ...core,
    mailer,
    throttleStore: shared.throttle,
    accounts: {
      memberOrganisations: (uid) => accounts.members.sessionOrganisations(uid),
      cameraGroups: (uid) => accounts.groups.sessionGroups(uid),
      acceptInvite: (uid, email, token) => accounts.members.acceptFor(uid, email, token),
      partnerDemoCameras: () => partners.demoCameras(),
    },
    // Single sign-on is built after auth, which asks it back (registration by SSO, refresh): decision 0830.
    sso: ssoHooksFor(() => sso.sso),
    registrationOpen: async (host) => (await brands.brands.brandForHost(host)).canRegister,
    registered: (uid, host) => brands.mail.registered(uid, host),
  });
  // Which providers the request's host offers is its brand's (decision 0820); brands are built later.
  const sso = createSso({ ...core, sessions: auth.sessions, brandOf: (h) => brands.brands.brandForHost(h) });
  const requireVerifiedEmail = (uid: string) => auth.verification.require(uid);
  const access = createAccess({
    ...core,
    memberships: accountMemberships(db),
    // A customer account's installer (decision 0720); partners is built later, asked at run time.
    installerOf: (ownerUid) => partners.installerOf(ownerUid),
    distributorOf: (ownerUid) => partners.distributorOf(ownerUid),
    demoAccount: () => auth.directory.demoUid(),
  });
  const accounts = createAccounts({
    ...core,
    users: auth.directory,
    account: auth.account,
    access: access.accounts,
    mailer,
    requireVerifiedEmail,
  });
  const audit = createAudit({ ...core, access: access.accounts });
  const support = access.support(audit.log);
  const live = { seriesLive: auth.seriesLive, recheckMs: opts.realtimeRecheckMs };
  const realtime = createRealtime({ ...live, bus: opts.realtimeBus, access: access.accounts });
  const cameras = createCameras({
    ...core,
    requireVerifiedEmail,
    // Licences are built after the cameras (they count them): bound at call time.
    requireCloudSlot: (owner) => licences.licences.requireCloudSlot(owner),
    organisations: auth.directory,
    accountAccess: access.accounts,
    supportViews: support.views,
    integrations: { ...recording?.integrations, ...opts.cameras },
    liveUrl: (logger, uidd, stream) => hosts.liveUrl(logger, uidd, stream),
    // An installer's (or co-owner's) camera on the customer's account, in the owner's audit log (decision 0720).
    onInstalledForOwner: async ({ caller, owner, uidd, name }) => {
      const email = await auth.directory.emailOf(caller.uid);
      await audit.log.record(owner, now(), { uid: caller.uid, email }, 'camera.installed', {
        uidd,
        cameraName: name,
      });
    },
  });
  const camera = cameras.module;
  const licences = createLicences({
    ...core,
    users: auth.directory,
    cameras: camera.settings,
    access: access.accounts,
    // Read at request time (billing is built below): the running subscription's plan, else the default (0741).
    plan: (uid) => billing.subscriptions.licence(uid),
    stored: camera.directory,
    mailer,
  });
  // Events as they are made (motion, rule alerts) are also seen by the notifications' sender (decision 0710).
  const eventsBus = observedBus(realtime.bus, (m) => notifications.notifier.observe(m));
  const settings = createCameraSettingsFeatures({
    core,
    camera,
    licences,
    realtime: { bus: eventsBus },
    access,
  });
  // Web push and the sender of notifications (decisions 0710, 0713).
  const { push, notifications } = createNotificationFeatures(core, {
    publicUrl: config.publicUrl,
    camera: (uidd) => camera.rows.find(uidd),
    memberUids: (owner) => accounts.memberUids(owner),
    demoUid: () => auth.directory.demoUid(),
    receives: (uidd, owner, uid) => settings.notificationSettings.receives(uidd, owner, uid),
    scheduleAllows: (uidd, tz, at) => settings.notificationSchedule.allows(uidd, tz, at),
    emailOf: (uid) => auth.directory.emailOf(uid),
    mail: (m) => mailer.send(m),
  });
  const { labels, vehicles, motion, ppe } = createEventAnalysis(core, {
    cameras: camera,
    access: camera.access,
    accounts: access.accounts,
    bus: realtime.bus,
    eventsBus,
    licences: licences.licences,
    settings,
    recording,
    keyframeAt: (uidd, ms) => recordings.recordings.keyframeAt(uidd, ms),
    timezoneOf: async (uidd) => (await camera.rows.find(uidd))?.timezone_name ?? 'UTC',
    plates: opts.plates,
  });
  const evidence = createEvidence({ ...core, publicUrl: config.publicUrl });
  const sharing = createSharing({ ...core, access: access.accounts, cameraRows: camera.rows });
  const grants = createGrants({ ...core, access: camera.access });
  // Billing asks auth's users (the payment step, invoices' organisation, a customer's installer) and sets retention
  // from the plan on them and on the cameras (decisions 0741–0744).
  const billing = createBilling({
    ...core,
    access: access.accounts,
    users: auth.directory,
    accounts: auth.managed,
    cameraSettings: camera.settings,
    partnerOf: (caller, id) => partners.partners.getPartner(caller, id),
    onTrainingWithdrawn: (uid) => labels.forgetTraining(uid),
    onCancel: (uid, endsAt, days) => licences.review.warnPlanEnding(uid, endsAt, days),
    mail: (m) => mailer.send(m),
  });
  labels.trainingConsentFrom((owner) => billing.consents.aiTraining(owner));
  const recordings = createRecordings({
    ...core,
    cameraAccess: camera.access,
    cameraRows: camera.rows,
    shares: sharing.shares,
    evidence: evidence.service,
    callerOfToken: (token) => app.callerOfToken(token),
    seriesLive: auth.seriesLive,
    appNow: now,
    fileHost: (recorderId) => hosts.fileHost(recorderId),
    store: segmentStore,
    // Recordings are wall-clock video made by a real recorder: ranges "in the future" are judged by the real clock.
    now: Date.now,
  });
  const orders = createOrders(core, access.accounts, camera.access, recordings.recordings, auth.directory);
  const media = createLive({
    ...core,
    ...live,
    recording,
    access: camera.access,
    loggerOrigin: (logger) => hosts.loggerOrigin(logger),
  });
  // What the recorder reads of the cameras: retention held to the owner's licence (decision 0706).
  const recorded = licensedRetention(camera.directory, (owner) => licences.licences.storageDays(owner));
  const fleet = createFleet({
    ...core,
    access: camera.access,
    settings: camera.settings,
    cameras: recorded,
    recording,
    bus: realtime.bus,
  });
  const reporting = createReporting(core);
  // The partner portal and support tools (decision 0720): accounts through auth, cameras counted per owner.
  const partners = createPartners({
    ...core,
    demoUid: () => billing.consents.demoIfConsenting(),
    accounts: auth.managed,
    audit: audit.log,
    cameraUidds: async (owner) =>
      (await camera.rows.listByOwners([owner])).filter((c) => !c.uninstalled).map((c) => c.uidd),
    customerCameras: (owner) => ownerStatuses(camera.rows, camera.status, owner),
    cameraCounts: async (owners) => {
      const counts = new Map<string, number>();
      for (const c of await camera.rows.listByOwners(owners))
        if (!c.uninstalled) counts.set(c.owner_uid, (counts.get(c.owner_uid) ?? 0) + 1);
      return counts;
    },
    // Support's account page (decision 0721): sessions through auth, reports through reporting, the probe.
    activity: { sessions: auth.account, reports: reporting.reporting, probe: camera.reprobe },
  });
  // White-label brands per host, installers' overrides through the partners' service (decision 0820).
  const brands = createBrands({
    ...core,
    publicUrl: config.publicUrl,
    installerIdOf: async (caller) => {
      const scope = await partners.partners.scope(caller).catch(() => undefined);
      return scope?.kind === 'i' ? scope.partner.id : undefined;
    },
    ssoProviders: config.SSO_PROVIDERS.map((p) => p.id),
    ssoProviderNames: Object.fromEntries(config.SSO_PROVIDERS.map((p) => [p.id, p.name])),
    uidOfEmail: (email) => auth.directory.uidOfEmail(email),
  });
  brands.mail.track(app);
  mailer.useBrand((mail) => brands.mail.brand(mail));
  runUntilClose(app, {
    servers: config.ROLE !== 'recorder',
    jobs: [settings.scheduler, licences.review],
    closes: [() => labels.sampler?.close(), () => labels.labeller.close(), () => vehicles.analyser.close()],
    flushes: [() => motion.sink.stop(), () => notifications.notifier.flush()],
  });
  const health = createHealth({
    ...core,
    database,
    mail: (m) => mailer.send(m),
    recording,
    nats: opts.natsStatus,
    fleet: fleet.health,
    segmentStore,
    // The health screen (decision 0721): cameras and their statuses through the cameras feature; the fleet's view.
    screen: { cameras: camera, fleet: fleet.view, reports: reporting.reporting, now },
  });
  app.addHook('onClose', () => health.notifier.stop());
  app.decorate('services', {
    sessions: auth.sessions,
    resets: auth.resets,
    users: auth.directory,
    mailer,
    notices: auth.notices,
    notifier: notifications.notifier,
    healthAlerts: health.notifier,
    realtime: realtime.bus,
    cameras: camera,
    recording,
    motionSink: motion.sink,
    labeller: labels.labeller,
    sampler: labels.sampler,
    vehicles: vehicles.analyser,
    ppe: ppe.analyser,
    licencesReview: licences.review,
    evidence: evidence.service,
    audit: audit.log,
    drainFleet: async () => fleet.recorder?.drain(),
    brands: brands.brands,
  });

  // Before any route: every request passes the guard (tokens from auth, media grants from grants).
  useAuthGuard(
    app,
    { verify: (token) => auth.signer.verify(token), isGrant: grants.isGrant, checkGrant: grants.checkGrant },
    auth.seriesLive,
    now,
  );
  // Answer times for /metrics and the health screen (decision 0720).
  const metrics = createMetrics({ database, recording, token: config.METRICS_TOKEN, health: health.screen });
  metrics.timeAnswers(app);
  const routes: FeatureRoutes[] = [
    health.routes,
    health.supportRoutes,
    auth.routes,
    sso.routes,
    reporting.routes,
    cameras.routes,
    createEvents({ ...core, access: access.accounts }).routes,
    motion.routes,
    labels.routes,
    vehicles.routes,
    ppe.routes,
    orders.routes,
    sharing.routes,
    grants.routes,
    recordings.routes,
    evidence.routes,
    audit.routes,
    support.routes,
    realtime.routes,
    accounts.routes,
    media.routes,
    fleet.routes,
    licences.routes,
    ...settings.routes,
    push.routes,
    billing.routes,
    partners.routes,
    createRegions({ ...core, directory: partners.directory }).routes,
    brands.routes,
    metrics.routes,
  ];
  // A fleet's recorder (decision 0600) answers its media (live, stills, the recorded files it holds: decision 0601)
  // and /health only: the rest of the API is the servers'.
  const served = config.ROLE === 'recorder' ? [health.routes, media.routes, recordings.routes] : routes;
  for (const register of served) await register(app);

  if (recording)
    await startRecorder(app, recording, {
      config,
      mailer,
      db,
      cameras: recorded,
      bus: realtime.bus,
      motion,
      fleet,
      media,
      segmentStore,
      onCameraStatus: (change) => notifications.notifier.statusChanged(change),
    });
  app.addHook('onClose', async () => mailer.close());
  return app;
}

interface RecorderParts {
  config: Config;
  mailer: Mailer;
  db: DbHandle['db'];
  /** The cameras as the recorder reads them: retention held to the licence (decision 0706). */
  cameras: CameraLookup;
  bus: RealtimeBus;
  motion: ReturnType<typeof createEventAnalysis>['motion'];
  fleet: ReturnType<typeof createFleet>;
  media: ReturnType<typeof createLive>;
  segmentStore: SegmentStore;
  /** Online/offline changes to the notifications (decision 0850). */
  onCameraStatus: RecordingDeps['onCameraStatus'];
}

/** Starts the process' recorder on the built features and stops it (after a fleet's handover) when the app closes. */
async function startRecorder(
  app: FastifyInstance,
  recording: RecordingPort,
  p: RecorderParts,
): Promise<void> {
  const { config, fleet, motion } = p;
  const storageAlerts = new StorageAlerts({
    mailer: p.mailer,
    supportEmail: config.SUPPORT_EMAIL,
    region: config.REGION,
    log: app.log,
  });
  await recording.start({
    db: p.db,
    cameras: p.cameras,
    bus: p.bus,
    log: app.log,
    motionSink: motion.sink,
    storageReclaimers: [motion.reclaimer],
    onStorage: (state) => storageAlerts.report(state),
    source: fleet.recorder?.source,
    segmentStore: p.segmentStore,
    onCameraStatus: p.onCameraStatus,
    recordersAlive: fleet.recorder?.alive,
    announces: fleet.recorder && ((uidd) => fleet.recorder?.manager.holds(uidd) ?? false),
  });
  await fleet.recorder?.start();
  app.addHook('onClose', async () => {
    // A fleet's recorder hands its cameras over before it stops recording them.
    await fleet.recorder?.drain();
    p.media.closeAll();
    await recording.stop();
    await fleet.recorder?.settled();
  });
}

/**
 * The periodic jobs of a server (schedules, the licences' review: not on a fleet's recorders) started now and
 * stopped with the app, and what the other features must finish or flush when it closes.
 */
function runUntilClose(
  app: FastifyInstance,
  d: {
    servers: boolean;
    jobs: readonly { start(): void; stop(): unknown }[];
    /** Workers to close (the labeller's, the plate analyser's) and sinks to flush (motion, notifications). */
    closes: readonly (() => unknown)[];
    flushes: readonly (() => unknown)[];
  },
): void {
  if (d.servers) {
    for (const job of d.jobs) job.start();
    app.addHook('onClose', () => Promise.all(d.jobs.map((job) => job.stop())));
  }
  for (const stop of [...d.closes, ...d.flushes]) app.addHook('onClose', async () => stop());
}

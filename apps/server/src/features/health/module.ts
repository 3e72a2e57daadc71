import { APP_VERSION, type HealthFleet, type HealthObjectStorage, type NatsStatus } from '@vigil/contracts';
import type { Db, DbHandle } from '@vigil/db';
import type { SegmentStore } from '@vigil/recorder';
import type { FastifyBaseLogger } from 'fastify';
import type { Config } from '../../config.ts';
import type { FeatureRoutes } from '../../http/feature-routes.ts';
import type { RecordingPort } from '../recording/recording.ts';
import { HealthAlertNotifier } from './alert-notifier.ts';
import { AlertStatesRepository } from './alert-states-repository.ts';
import { healthRoutes } from './routes.ts';
import { type SupportHealthDeps, SupportHealthService } from './support-health.ts';
import { supportHealthRoutes } from './support-routes.ts';

/**
 * Builds GET /health: the database's answer, the recorder's index backlog and storage where it records, NATS and the
 * fleet where configured.
 */
export function createHealth(d: {
  database: DbHandle;
  db: Db;
  log: FastifyBaseLogger;
  now: () => number;
  config: Pick<Config, 'REGION' | 'SUPPORT_EMAIL' | 'ALERT_WEBHOOK_URL' | 'RECORDER_ID'>;
  /** The mail feature's outbox (the alerts' e-mails to support, decision 0711). */
  mail: (m: { to: string; subject: string; text: string }) => Promise<void>;
  recording: RecordingPort | undefined;
  nats?: (() => NatsStatus) | undefined;
  fleet?: (() => Promise<HealthFleet>) | undefined;
  /** The process' segment store: its bucket, when it has one, on /health (decision 0857). */
  segmentStore?: SegmentStore | undefined;
  /** The health screen's reads (decision 0721), each through its feature's service. */
  screen: Omit<SupportHealthDeps, 'database' | 'storage'>;
}) {
  const recording = d.recording;
  const storage = recording?.storage ? () => recording.storage?.() : undefined;
  const screen = new SupportHealthService({ ...d.screen, database: d.database, storage, nats: d.nats });
  // Support told when a rule starts firing and when it resolves (decision 0711); main.ts starts its timer.
  const notifier = new HealthAlertNotifier({
    alerts: () => screen.alerts(),
    states: new AlertStatesRepository(d.db),
    mail: d.mail,
    supportEmail: d.config.SUPPORT_EMAIL,
    webhookUrl: d.config.ALERT_WEBHOOK_URL,
    region: d.config.REGION,
    instance: d.config.RECORDER_ID,
    log: d.log,
    now: d.now,
  });
  const routes: FeatureRoutes = (app) =>
    app.register(healthRoutes, {
      database: d.database,
      region: d.config.REGION,
      version: APP_VERSION,
      pendingIndexRows: recording?.pendingIndexRows?.bind(recording),
      storage,
      nats: d.nats,
      fleet: d.fleet,
      objectStorage: d.segmentStore ? () => objectStorageOf(d.segmentStore as SegmentStore) : undefined,
    });
  const supportRoutes: FeatureRoutes = (app) => app.register(supportHealthRoutes, { screen });
  return { screen, notifier, routes, supportRoutes };
}

/** The store's bucket as /health gives it (decision 0857): not configured on a local store. */
function objectStorageOf(store: SegmentStore): HealthObjectStorage {
  const s = store.status?.();
  if (store.kind !== 's3' || !s) return { configured: false };
  return {
    configured: true,
    bucket: s.bucket,
    reachable: s.reachable,
    backlog: s.backlog,
    lastUploadAt: s.lastUploadMs ?? null,
    lastError: s.lastError ?? null,
    lastErrorAt: s.lastErrorMs ?? null,
  };
}

import { APP_VERSION, type HealthFleet } from '@vigil/contracts';
import type { DbHandle } from '@vigil/db';
import type { Config } from '../../config.ts';
import type { FeatureRoutes } from '../../http/feature-routes.ts';
import type { RecordingPort } from '../recording/recording.ts';
import { healthRoutes } from './routes.ts';
import { type SupportHealthDeps, SupportHealthService } from './support-health.ts';
import { supportHealthRoutes } from './support-routes.ts';

/**
 * Builds GET /health: the database's answer, the recorder's index backlog and storage where it records, NATS and the
 * fleet where configured.
 */
export function createHealth(d: {
  database: DbHandle;
  config: Pick<Config, 'REGION'>;
  recording: RecordingPort | undefined;
  nats?: (() => 'up' | 'down') | undefined;
  fleet?: (() => Promise<HealthFleet>) | undefined;
  /** The health screen's reads (decision 0721), each through its feature's service. */
  screen: Omit<SupportHealthDeps, 'database' | 'storage'>;
}): { routes: FeatureRoutes; supportRoutes: FeatureRoutes; screen: SupportHealthService } {
  const recording = d.recording;
  const storage = recording?.storage ? () => recording.storage?.() : undefined;
  const screen = new SupportHealthService({ ...d.screen, database: d.database, storage });
  return {
    screen,
    supportRoutes: (app) => app.register(supportHealthRoutes, { screen }),
    routes: (app) =>
      app.register(healthRoutes, {
        database: d.database,
        region: d.config.REGION,
        version: APP_VERSION,
        pendingIndexRows: recording?.pendingIndexRows?.bind(recording),
        storage,
        nats: d.nats,
        fleet: d.fleet,
      }),
  };
}

import { APP_VERSION, type HealthFleet } from '@vigil/contracts';
import type { DbHandle } from '@vigil/db';
import type { Config } from '../../config.ts';
import type { FeatureRoutes } from '../../http/feature-routes.ts';
import type { RecordingPort } from '../recording/recording.ts';
import { healthRoutes } from './routes.ts';

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
}): { routes: FeatureRoutes } {
  const recording = d.recording;
  return {
    routes: (app) =>
      app.register(healthRoutes, {
        database: d.database,
        region: d.config.REGION,
        version: APP_VERSION,
        pendingIndexRows: recording?.pendingIndexRows?.bind(recording),
        storage: recording?.storage ? () => recording.storage?.() : undefined,
        nats: d.nats,
        fleet: d.fleet,
      }),
  };
}

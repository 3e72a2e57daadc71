import type { HealthAlert } from '@vigil/contracts';
import type { DbHandle } from '@vigil/db';
import type { FastifyInstance } from 'fastify';
import type { FeatureRoutes } from '../../http/feature-routes.ts';
import type { RecordingPort } from '../recording/recording.ts';
import { WEB_ASSETS_PREFIX } from '../web/static.ts';
import { metricsRoutes } from './routes.ts';
import { ServiceMetrics } from './service-metrics.ts';

/**
 * Builds the service's metrics (decision 0720): a hook timing every answer, `GET /metrics` for Prometheus, and
 * the slowest endpoints for support's health screen.
 */
export function createMetrics(d: {
  database: DbHandle;
  recording: RecordingPort | undefined;
  token: string | undefined;
  /** The health screen's alert rules (features/health, decision 0721). */
  health?: { alerts(): Promise<HealthAlert[]> };
}) {
  const health = d.health;
  const metrics = new ServiceMetrics({ ...d, alerts: health && (() => health.alerts()) });
  /** Times every answer by its route pattern; unmatched paths (404s) are left out to keep the labels bounded. */
  const timeAnswers = (app: FastifyInstance) =>
    app.addHook('onResponse', async (req, reply) => {
      const route = req.routeOptions.url;
      // The web app's built files (each its own static route) are not endpoints anyone tunes: API routes only.
      if (route && !req.is404 && !route.startsWith(WEB_ASSETS_PREFIX))
        metrics.observe(req.method, route, reply.statusCode, reply.elapsedTime);
    });
  const routes: FeatureRoutes = (app) => app.register(metricsRoutes, { metrics, token: d.token });
  return { metrics, timeAnswers, routes };
}

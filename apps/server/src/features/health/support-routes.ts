import { HealthCameraPage, HealthCamerasQuery, SupportHealth } from '@vigil/contracts';
import type { FastifyInstance } from 'fastify';
import { callerOf } from '../../http/auth-guard.ts';
import { forbidden } from '../../http/errors.ts';
import type { ZodTypeProvider } from '../../http/zod.ts';
import type { SupportHealthService } from './support-health.ts';

/**
 * GET /support/health: the health screen's fleet, error-report rate and alerts (support only, decision 0721), each
 * recorder counted with one page of its problem cameras; GET /support/health/cameras: the next pages (0747).
 */
export async function supportHealthRoutes(app: FastifyInstance, d: { screen: SupportHealthService }) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  r.get('/support/health', { schema: { response: { 200: SupportHealth } } }, async (req) => {
    if (callerOf(req).accountType !== 's') throw forbidden();
    return d.screen.read();
  });
  r.get(
    '/support/health/cameras',
    { schema: { querystring: HealthCamerasQuery, response: { 200: HealthCameraPage } } },
    async (req) => {
      if (callerOf(req).accountType !== 's') throw forbidden();
      return d.screen.cameras(req.query.recorder, req.query.offset);
    },
  );
}

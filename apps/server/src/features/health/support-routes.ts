import { SupportHealth } from '@vigil/contracts';
import type { FastifyInstance } from 'fastify';
import { callerOf } from '../../http/auth-guard.ts';
import { forbidden } from '../../http/errors.ts';
import type { ZodTypeProvider } from '../../http/zod.ts';
import type { SupportHealthService } from './support-health.ts';

/** GET /support/health: the health screen's fleet, error-report rate and alerts (support only, decision 0721). */
export async function supportHealthRoutes(app: FastifyInstance, d: { screen: SupportHealthService }) {
  app
    .withTypeProvider<ZodTypeProvider>()
    .get('/support/health', { schema: { response: { 200: SupportHealth } } }, async (req) => {
      if (callerOf(req).accountType !== 's') throw forbidden();
      return d.screen.read();
    });
}

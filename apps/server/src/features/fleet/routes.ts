import { LoggerQuery, LoggerResult } from '@vigil/contracts';
import type { FastifyInstance } from 'fastify';
import { callerOf } from '../../http/auth-guard.ts';
import type { ZodTypeProvider } from '../../http/zod.ts';
import type { LoggerService } from './logger-service.ts';

/** GET /logger (spec 000 §7, decision 0600): `?uidd=` a camera's logger host, else a region's (`?region=`). */
export async function loggerRoutes(app: FastifyInstance, d: { logger: LoggerService }): Promise<void> {
  app
    .withTypeProvider<ZodTypeProvider>()
    .get(
      '/logger',
      { schema: { querystring: LoggerQuery, response: { 200: LoggerResult } } },
      async (req): Promise<LoggerResult> => {
        const { uidd, region } = req.query;
        return uidd ? d.logger.ofCamera(callerOf(req), uidd) : d.logger.ofRegion(region);
      },
    );
}

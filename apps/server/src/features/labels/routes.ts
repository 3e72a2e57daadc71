import { AnalyticsConfigBody, AnalyticsConfigParams, AnalyticsConfigResponse } from '@vigil/contracts';
import type { FastifyInstance } from 'fastify';
import { callerOf } from '../../http/auth-guard.ts';
import type { ZodTypeProvider } from '../../http/zod.ts';
import type { AnalyticsSettingsService } from './analytics-settings.ts';

/** Spec 001 §7 `PUT /camera/{owner}/{device}/config/analytics`: body enabled. */
export async function analyticsRoutes(
  app: FastifyInstance,
  d: { settings: AnalyticsSettingsService },
): Promise<void> {
  const r = app.withTypeProvider<ZodTypeProvider>();
  r.put(
    '/camera/:owner/:device/config/analytics',
    {
      schema: {
        params: AnalyticsConfigParams,
        body: AnalyticsConfigBody,
        response: { 200: AnalyticsConfigResponse },
      },
    },
    (req) => d.settings.set(callerOf(req), req.params.owner, req.params.device, req.body.enabled),
  );
}

import {
  AnalyticsConfigBody,
  AnalyticsConfigParams,
  AnalyticsConfigResponse,
  AnalyticsSettingsResponse,
  CameraConfigQuery,
  CamerasAnalyticsBody,
} from '@vigil/contracts';
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { callerOf } from '../../http/auth-guard.ts';
import type { ZodTypeProvider } from '../../http/zod.ts';
import type { AnalyticsSettingsService } from './analytics-settings.ts';

const PatchAnalyticsConfigBody = z.strictObject({
  uidd: CamerasAnalyticsBody.shape.uidd,
  settings: CamerasAnalyticsBody.omit({ uidd: true }),
});

/**
 * Spec 001 §7 `PUT /camera/{owner}/{device}/config/analytics` (body enabled), `PUT /cameras/config/analytics`
 * (uidd, enabled, scheme), and `GET/PATCH /cameras/analytics/config` (the `/cameras/{type}/config` of analytics).
 */
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
  const response = { 200: AnalyticsSettingsResponse };
  r.put('/cameras/config/analytics', { schema: { body: CamerasAnalyticsBody, response } }, (req) =>
    d.settings.setWithScheme(callerOf(req), req.body),
  );
  r.get('/cameras/analytics/config', { schema: { querystring: CameraConfigQuery, response } }, (req) =>
    d.settings.get(callerOf(req), req.query.uidd),
  );
  r.patch('/cameras/analytics/config', { schema: { body: PatchAnalyticsConfigBody, response } }, (req) =>
    d.settings.setWithScheme(callerOf(req), { uidd: req.body.uidd, ...req.body.settings }),
  );
}

import { MotionConfigQuery, MotionConfigResponse, PatchMotionConfigBody } from '@vigil/contracts';
import type { FastifyInstance } from 'fastify';
import { callerOf } from '../../http/auth-guard.ts';
import type { ZodTypeProvider } from '../../http/zod.ts';
import type { MotionSettingsService } from './motion-settings.ts';

/** Motion settings of a camera: spec 001 §7 `GET/PATCH /cameras/{type}/config` with type motion. */
export async function motionRoutes(
  app: FastifyInstance,
  d: { settings: MotionSettingsService },
): Promise<void> {
  const r = app.withTypeProvider<ZodTypeProvider>();
  r.get(
    '/cameras/motion/config',
    { schema: { querystring: MotionConfigQuery, response: { 200: MotionConfigResponse } } },
    (req) => d.settings.get(callerOf(req), req.query.uidd),
  );
  r.patch(
    '/cameras/motion/config',
    { schema: { body: PatchMotionConfigBody, response: { 200: MotionConfigResponse } } },
    (req) => d.settings.patch(callerOf(req), req.body),
  );
}

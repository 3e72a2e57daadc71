import { CameraConfigQuery, NotificationConfigResponse, PatchNotificationConfigBody } from '@vigil/contracts';
import type { FastifyInstance } from 'fastify';
import { callerOf } from '../../http/auth-guard.ts';
import type { ZodTypeProvider } from '../../http/zod.ts';
import type { NotificationSettingsService } from './notification-settings-service.ts';

const response = { 200: NotificationConfigResponse };

/** `GET/PATCH /cameras/notifications/config` (spec 001 §7 with type notifications; decision 0707). */
export async function notificationSettingsRoutes(
  app: FastifyInstance,
  d: { settings: NotificationSettingsService },
): Promise<void> {
  const r = app.withTypeProvider<ZodTypeProvider>();
  r.get('/cameras/notifications/config', { schema: { querystring: CameraConfigQuery, response } }, (req) =>
    d.settings.get(callerOf(req), req.query.uidd),
  );
  r.patch(
    '/cameras/notifications/config',
    { schema: { body: PatchNotificationConfigBody, response } },
    (req) => d.settings.patch(callerOf(req), req.body),
  );
}

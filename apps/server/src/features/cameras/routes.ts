import {
  CamerasQuery,
  CameraTagsQuery,
  DelDeviceQuery,
  InstallCameraBody,
  PatchViewerSettingsBody,
  PhoneNameInput,
  PutCameraTagsBody,
  SendCameraTaskQuery,
  UiddListQuery,
  ViewerCameraParams,
  ViewerUserParams,
} from '@vigil/contracts';
import type { FastifyInstance } from 'fastify';
import { callerOf } from '../../http/auth-guard.ts';
import type { ZodTypeProvider } from '../../http/zod.ts';
import type { CamerasService } from './cameras-service.ts';
import type { InstallService } from './install-service.ts';
import type { ViewerSettingsService } from './viewer-settings-service.ts';

export interface CameraRouteDeps {
  cameras: CamerasService;
  install: InstallService;
  viewer: ViewerSettingsService;
}

/**
 * Cameras and status, viewer settings (spec 001 §7), and adding a camera (POST /cameras, docs/decisions/0301).
 * Every route needs a signed-in caller; what they may do to which camera is CameraAccess's answer.
 */
export async function cameraRoutes(app: FastifyInstance, d: CameraRouteDeps): Promise<void> {
  const r = app.withTypeProvider<ZodTypeProvider>();

  r.post('/cameras', { schema: { body: InstallCameraBody } }, async (req, reply) => {
    reply.code(201);
    return d.install.install(callerOf(req), req.body);
  });

  r.get('/cameras', { schema: { querystring: CamerasQuery } }, (req) =>
    d.cameras.list(callerOf(req), req.query),
  );

  r.get('/cameras/status', { schema: { querystring: UiddListQuery } }, (req) =>
    d.cameras.statuses(callerOf(req), req.query.uidds),
  );

  r.get('/sendcameratask', { schema: { querystring: SendCameraTaskQuery } }, (req) =>
    d.cameras.sendTask(callerOf(req), req.query),
  );

  r.get('/deldevice', { schema: { querystring: DelDeviceQuery } }, (req) =>
    d.cameras.remove(callerOf(req), req.query.uid),
  );

  r.put('/phonename', { schema: { querystring: PhoneNameInput } }, (req) =>
    d.cameras.rename(callerOf(req), req.query.uid, req.query.name),
  );

  r.get('/cameras/tags', { schema: { querystring: CameraTagsQuery } }, (req) =>
    d.cameras.tags(callerOf(req), req.query.uidds),
  );

  r.put('/cameras/tags', { schema: { body: PutCameraTagsBody } }, (req) =>
    d.cameras.putTags(callerOf(req), req.body),
  );

  r.get('/viewer/:userId/:cameraId/settings', { schema: { params: ViewerCameraParams } }, (req) =>
    d.viewer.getOne(callerOf(req), req.params.userId, req.params.cameraId),
  );

  r.get('/viewer/:id/settings', { schema: { params: ViewerUserParams, querystring: UiddListQuery } }, (req) =>
    d.viewer.getMany(callerOf(req), req.params.id, req.query.uidds),
  );

  r.patch(
    '/viewer/:id/settings',
    { schema: { params: ViewerUserParams, body: PatchViewerSettingsBody } },
    (req) => d.viewer.patch(callerOf(req), req.params.id, req.body.uidd, req.body.settings),
  );
}

import {
  Camera,
  CameraStatusResponse,
  CamerasQuery,
  CameraTagsQuery,
  CameraTagsResult,
  DelDeviceQuery,
  DelDeviceResult,
  InstallCameraBody,
  PatchViewerSettingsBody,
  PhoneNameInput,
  PutCameraTagsBody,
  SendCameraTaskQuery,
  SendCameraTaskResult,
  UiddListQuery,
  ViewerCameraParams,
  ViewerSettingsBatch,
  ViewerSettingsEntry,
  ViewerUserParams,
} from '@vigil/contracts';
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
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

  r.post(
    '/cameras',
    { schema: { body: InstallCameraBody, response: { 201: Camera } } },
    async (req, reply) => {
      reply.code(201);
      return d.install.install(callerOf(req), req.body);
    },
  );

  r.get('/cameras', { schema: { querystring: CamerasQuery, response: { 200: z.array(Camera) } } }, (req) =>
    d.cameras.list(callerOf(req), req.query),
  );

  r.get(
    '/cameras/status',
    { schema: { querystring: UiddListQuery, response: { 200: CameraStatusResponse } } },
    (req) => d.cameras.statuses(callerOf(req), req.query.uidds),
  );

  r.get(
    '/sendcameratask',
    { schema: { querystring: SendCameraTaskQuery, response: { 200: SendCameraTaskResult } } },
    (req) => d.cameras.sendTask(callerOf(req), req.query),
  );

  r.get(
    '/deldevice',
    { schema: { querystring: DelDeviceQuery, response: { 200: DelDeviceResult } } },
    (req) => d.cameras.remove(callerOf(req), req.query.uid),
  );

  r.put('/phonename', { schema: { querystring: PhoneNameInput, response: { 200: Camera } } }, (req) =>
    d.cameras.rename(callerOf(req), req.query.uid, req.query.name),
  );

  r.get(
    '/cameras/tags',
    { schema: { querystring: CameraTagsQuery, response: { 200: CameraTagsResult } } },
    (req) => d.cameras.tags(callerOf(req), req.query.uidds),
  );

  r.put(
    '/cameras/tags',
    { schema: { body: PutCameraTagsBody, response: { 200: CameraTagsResult } } },
    (req) => d.cameras.putTags(callerOf(req), req.body),
  );

  r.get(
    '/viewer/:userId/:cameraId/settings',
    { schema: { params: ViewerCameraParams, response: { 200: ViewerSettingsEntry } } },
    (req) => d.viewer.getOne(callerOf(req), req.params.userId, req.params.cameraId),
  );

  r.get(
    '/viewer/:id/settings',
    {
      schema: {
        params: ViewerUserParams,
        querystring: UiddListQuery,
        response: { 200: ViewerSettingsBatch },
      },
    },
    (req) => d.viewer.getMany(callerOf(req), req.params.id, req.query.uidds),
  );

  r.patch(
    '/viewer/:id/settings',
    {
      schema: {
        params: ViewerUserParams,
        body: PatchViewerSettingsBody,
        response: { 200: ViewerSettingsBatch },
      },
    },
    (req) => d.viewer.patch(callerOf(req), req.params.id, req.body.uidd, req.body.settings),
  );
}

import {
  CameraConfigQuery,
  PatchPtzConfigBody,
  PtzConfigResponse,
  PtzGotoResponse,
  PtzPresetBody,
  SavePtzPresetBody,
  StreamConfigResponse,
} from '@vigil/contracts';
import type { FastifyInstance } from 'fastify';
import { callerOf } from '../../http/auth-guard.ts';
import type { ZodTypeProvider } from '../../http/zod.ts';
import type { PtzConfigService } from './ptz-config-service.ts';

const response = { 200: PtzConfigResponse };

/** `GET/PATCH /cameras/ptz/config` (spec 001 §7 with type ptz) and the camera's presets (decision 0705). */
export async function ptzConfigRoutes(app: FastifyInstance, d: { ptz: PtzConfigService }): Promise<void> {
  const r = app.withTypeProvider<ZodTypeProvider>();
  r.get('/cameras/ptz/config', { schema: { querystring: CameraConfigQuery, response } }, (req) =>
    d.ptz.get(callerOf(req), req.query.uidd),
  );
  r.patch('/cameras/ptz/config', { schema: { body: PatchPtzConfigBody, response } }, (req) =>
    d.ptz.patch(callerOf(req), req.body.uidd, req.body.settings.ptzEnabled),
  );
  r.get(
    '/cameras/stream/config',
    { schema: { querystring: CameraConfigQuery, response: { 200: StreamConfigResponse } } },
    (req) => d.ptz.stream(callerOf(req), req.query.uidd),
  );
  r.post('/cameras/ptz/presets', { schema: { body: SavePtzPresetBody, response } }, (req) =>
    d.ptz.save(callerOf(req), req.body.uidd, req.body.name),
  );
  r.post(
    '/cameras/ptz/presets/goto',
    { schema: { body: PtzPresetBody, response: { 200: PtzGotoResponse } } },
    (req) => d.ptz.goto(callerOf(req), req.body.uidd, req.body.token),
  );
  r.delete('/cameras/ptz/presets', { schema: { body: PtzPresetBody, response } }, (req) =>
    d.ptz.remove(callerOf(req), req.body.uidd, req.body.token),
  );
}

import {
  CameraConfigQuery,
  CameraPathParams,
  CloudRecordingBody,
  CloudRecordingSimpleBody,
  NVRMODE_API_VERSION,
  NvrModeBody,
  NvrModeSimpleBody,
  PatchRecordingConfigBody,
  RecordingConfigResponse,
  RecordingModeBody,
  RecordingModeSimpleBody,
  uiddOf,
} from '@vigil/contracts';
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { callerOf } from '../../http/auth-guard.ts';
import { badRequest } from '../../http/errors.ts';
import type { ZodTypeProvider } from '../../http/zod.ts';
import type { RecordingConfigService } from './recording-config-service.ts';

const response = { 200: RecordingConfigResponse };
const NvrHeaders = z.object({ 'api-version': z.string().max(20).optional() });

/**
 * Spec 001 §7 Configuration: cloud recording, recording mode, nvrmode (each by owner/device and by uidd), and
 * `GET/PATCH /cameras/recording/config` (`/cameras/{type}/config` of a type the product does not have: 404).
 */
export async function cameraConfigRoutes(
  app: FastifyInstance,
  d: { recording: RecordingConfigService },
): Promise<void> {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const s = d.recording;
  r.put(
    '/simple/:owner/:device/config/cloudrecordingenabled',
    { schema: { params: CameraPathParams, body: CloudRecordingSimpleBody, response } },
    (req) =>
      s.setCloudRecording(
        callerOf(req),
        uiddOf(req.params.owner, req.params.device),
        req.body.cloudRecordingEnabled,
      ),
  );
  r.put('/cameras/config/cloudrecordingenabled', { schema: { body: CloudRecordingBody, response } }, (req) =>
    s.setCloudRecording(callerOf(req), req.body.uidd, req.body.cloudRecordingEnabled),
  );
  r.put(
    '/camera/:owner/:device/config/recordingmode',
    { schema: { params: CameraPathParams, body: RecordingModeSimpleBody, response } },
    (req) => s.setMode(callerOf(req), uiddOf(req.params.owner, req.params.device), req.body.mode),
  );
  r.put('/cameras/config/recordingmode', { schema: { body: RecordingModeBody, response } }, (req) =>
    s.setMode(callerOf(req), req.body.uidd, req.body.mode),
  );
  r.put(
    '/simple/:owner/:device/config/nvrmode',
    { schema: { params: CameraPathParams, headers: NvrHeaders, body: NvrModeSimpleBody, response } },
    (req) => {
      // The spec's call names its version; another version may mean other codes, so it is refused, not guessed.
      const v = req.headers['api-version'];
      if (v !== undefined && v !== NVRMODE_API_VERSION)
        throw badRequest(`api-version ${v} is not supported here; use ${NVRMODE_API_VERSION}`);
      return s.setNvrMode(callerOf(req), uiddOf(req.params.owner, req.params.device), req.body.nvrmode);
    },
  );
  r.put('/cameras/config/nvrmode', { schema: { body: NvrModeBody, response } }, (req) =>
    s.setNvrMode(callerOf(req), req.body.uidd, req.body.nvrmode),
  );
  r.get('/cameras/recording/config', { schema: { querystring: CameraConfigQuery, response } }, (req) =>
    s.get(callerOf(req), req.query.uidd),
  );
  r.patch('/cameras/recording/config', { schema: { body: PatchRecordingConfigBody, response } }, (req) =>
    s.patch(callerOf(req), req.body),
  );
}

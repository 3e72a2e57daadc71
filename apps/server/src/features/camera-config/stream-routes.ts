import {
  AudioConfigResponse,
  CameraConfigQuery,
  PatchAudioConfigBody,
  PatchStreamConfigBody,
  StreamEncodersResponse,
} from '@vigil/contracts';
import type { FastifyInstance } from 'fastify';
import { callerOf } from '../../http/auth-guard.ts';
import type { ZodTypeProvider } from '../../http/zod.ts';
import type { AudioConfigService } from './audio-config-service.ts';
import type { StreamConfigService } from './stream-config-service.ts';

const response = { 200: StreamEncodersResponse };
const audioResponse = { 200: AudioConfigResponse };

/**
 * `PATCH /cameras/stream/config` (spec 001 §7 with type stream) and the encoders it changes (decision 0714);
 * `GET/PATCH /cameras/audio/config` (type audio, decision 0715).
 */
export async function streamConfigRoutes(
  app: FastifyInstance,
  d: { stream: StreamConfigService; audio: AudioConfigService },
): Promise<void> {
  const r = app.withTypeProvider<ZodTypeProvider>();
  r.get('/cameras/stream/encoders', { schema: { querystring: CameraConfigQuery, response } }, (req) =>
    d.stream.encoders(callerOf(req), req.query.uidd),
  );
  r.patch('/cameras/stream/config', { schema: { body: PatchStreamConfigBody, response } }, (req) =>
    d.stream.patch(callerOf(req), req.body),
  );
  r.get(
    '/cameras/audio/config',
    { schema: { querystring: CameraConfigQuery, response: audioResponse } },
    (req) => d.audio.get(callerOf(req), req.query.uidd),
  );
  r.patch(
    '/cameras/audio/config',
    { schema: { body: PatchAudioConfigBody, response: audioResponse } },
    (req) => d.audio.patch(callerOf(req), req.body.uidd, req.body.settings.audioEnabled),
  );
}

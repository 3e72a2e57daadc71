import multipart from '@fastify/multipart';
import { CameraPathParams, TALKBACK_MAX_CLIP_BYTES, TalkbackResponse, uiddOf } from '@vigil/contracts';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { HttpError, unauthorised } from '../../http/errors.ts';
import type { ZodTypeProvider } from '../../http/zod.ts';
import type { Caller } from '../../shared/caller.ts';
import type { TalkbackService } from './talkback-service.ts';

/**
 * `POST /twowayaudio/{owner}/{device}` (spec 001 §7): form data `file` (the clip; the spec names m4a, any format
 * ffmpeg reads is taken), `uid`, `token`. The token may come as the form's field, as the spec has it, or in the
 * Authorization header as on every other call; the header wins (decision 0709).
 */
export async function talkbackRoutes(app: FastifyInstance, d: { talkback: TalkbackService }): Promise<void> {
  await app.register(multipart, { limits: { fileSize: TALKBACK_MAX_CLIP_BYTES, files: 1, fields: 4 } });
  const r = app.withTypeProvider<ZodTypeProvider>();
  r.post(
    '/twowayaudio/:owner/:device',
    {
      schema: { params: CameraPathParams, response: { 200: TalkbackResponse } },
      config: { auth: 'optional', demoAllowed: true },
    },
    async (req) => {
      const uidd = uiddOf(req.params.owner, req.params.device);
      // With the header's token, who may talk is settled before the upload is read; the spec's form carries its
      // token beside the file, so that form is read first.
      if (req.caller) return d.talkback.talk(req.caller, uidd, async () => (await readForm(req)).file);
      const form = await readForm(req);
      return d.talkback.talk(await callerOfFormToken(app, form.token), uidd, async () => form.file);
    },
  );
}

async function readForm(req: FastifyRequest): Promise<{ file: Buffer; token: string | undefined }> {
  if (!req.isMultipart())
    throw new HttpError(400, 'bad_request', 'Send the clip as multipart form data (file)');
  let file: Buffer | undefined;
  let token: string | undefined;
  for await (const part of req.parts()) {
    if (part.type === 'file') {
      if (part.fieldname !== 'file')
        throw new HttpError(400, 'bad_request', `Unexpected file field ${part.fieldname}`);
      file = await part.toBuffer(); // throws 413 past the size limit
    } else if (part.fieldname === 'token' && typeof part.value === 'string') token = part.value;
  }
  if (!file) throw new HttpError(400, 'bad_request', 'file: the recorded clip is missing');
  return { file, token };
}

async function callerOfFormToken(app: FastifyInstance, token: string | undefined): Promise<Caller> {
  const caller = await app.callerOfToken(token);
  if (!caller) throw unauthorised();
  return caller;
}

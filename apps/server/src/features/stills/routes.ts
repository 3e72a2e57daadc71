import { createReadStream } from 'node:fs';
import { access } from 'node:fs/promises';
import { type Uidd, uiddOf } from '@vigil/contracts';
import type { Db } from '@vigil/db';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { z } from 'zod';
import { notFound, unauthorised } from '../../http/errors.ts';
import type { ZodTypeProvider } from '../../http/zod.ts';
import type { CameraAccess } from '../access/camera-access.ts';
import type { Caller } from '../auth/tokens.ts';

const Id = z.string().min(1).max(64);
const Token = z.string().min(1).max(4096);
const ThumbParams = z.strictObject({ uid: Id, deviceid: Id, token: Token });
const StillParams = z.strictObject({
  uidd: z.string().min(3).max(130),
  seconds: z.string().max(20),
  token: Token,
});

/** The latest thumbnail and still the recorder keeps per camera (the `camera_stills` table). */
async function latest(db: Db, uidd: string) {
  return db.selectFrom('camera_stills').selectAll().where('camera_uidd', '=', uidd).executeTakeFirst();
}

async function sendJpeg(
  reply: FastifyReply,
  path: string | null | undefined,
  takenMs: number | null | undefined,
) {
  if (
    !path ||
    !(await access(path).then(
      () => true,
      () => false,
    ))
  )
    throw notFound('No image');
  // Each picture replaces the last under the same name; its time is the validator.
  return reply
    .type('image/jpeg')
    .header('cache-control', 'private, max-age=5')
    .header('last-modified', new Date(takenMs ?? Date.now()).toUTCString())
    .send(createReadStream(path));
}

/**
 * GET /getthumb/{uid}/{deviceid}/{token} and GET /getstill/{uidd}/{seconds}/{token} (spec 001 §7): the camera's
 * latest thumbnail and still. The token is in the path because image elements cannot send headers; the
 * Authorization header works too. A thumbnail needs only to see the camera (support diagnoses with it); the
 * full still is live video, so it needs the right to watch live (decision 0010).
 */
export async function stillRoutes(app: FastifyInstance, d: { db: Db; access: CameraAccess }): Promise<void> {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const callerFrom = async (req: FastifyRequest, token: string): Promise<Caller> => {
    const caller = req.caller ?? (await app.callerOfToken(token));
    if (!caller) throw unauthorised();
    return caller;
  };

  r.get(
    '/getthumb/:uid/:deviceid/:token',
    { config: { auth: 'optional' }, schema: { params: ThumbParams } },
    async (req, reply) => {
      const uidd = uiddOf(req.params.uid, req.params.deviceid);
      await d.access.require(await callerFrom(req, req.params.token), uidd, 'view');
      const row = await latest(d.db, uidd);
      return sendJpeg(reply, row?.thumb_path, row?.thumb_ms);
    },
  );

  r.get(
    '/getstill/:uidd/:seconds/:token',
    { config: { auth: 'optional' }, schema: { params: StillParams } },
    async (req, reply) => {
      const uidd = req.params.uidd as Uidd;
      await d.access.require(await callerFrom(req, req.params.token), uidd, 'viewLive');
      const row = await latest(d.db, uidd);
      return sendJpeg(reply, row?.still_path, row?.still_ms);
    },
  );
}

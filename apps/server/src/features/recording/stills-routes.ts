import { type Uidd, uiddOf } from '@vigil/contracts';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { z } from 'zod';
import { media } from '../../http/api-docs.ts';
import { notFound, unauthorised } from '../../http/errors.ts';
import type { ZodTypeProvider } from '../../http/zod.ts';
import type { Caller } from '../../shared/caller.ts';
import type { CameraAccess } from '../access/camera-access.ts';
import type { RecordingPort } from './recording.ts';

const Id = z.string().regex(/^[A-Za-z0-9_-]{1,64}$/);
const Token = z.string().min(1).max(4096);
const ThumbParams = z.strictObject({ uid: Id, deviceid: Id, token: Token });
const StillParams = z.strictObject({
  uid: z.string().regex(/^[A-Za-z0-9_-]{1,64}\.[A-Za-z0-9_-]{1,64}$/),
  seconds: z.coerce.number().int().min(0),
  token: Token,
});

/** `t`: the web app's cache-buster (the still's time), so an <img> shows each new still. */
const TokenQuery = z.strictObject({ token: Token.optional(), t: z.coerce.number().int().min(0).optional() });

const picture = media('The latest picture of the camera', ['image/jpeg']);

/**
 * Stills (spec 001 §7): the latest thumbnail (`/getthumb/{uid}/{deviceid}/{token}`), the latest full-size still
 * (`/getstill/{uidd}/{seconds}/{token}`; seconds only make the address change with each new still). Images are
 * loaded by <img>, which sends no header: a `still` grant rides in the path (decision 0014). Latest stills need the
 * camera's 'view' (decision 0303), and support the owner's consent (decision 0017). A recorded frame at a time (`/simple/.../hdstill/...`) is features/recordings'.
 */
export async function stillsRoutes(
  app: FastifyInstance,
  d: {
    media: RecordingPort | undefined;
    access: CameraAccess;
    /** The camera's logger host when another recorder of the deployment (features/media-hosts, 0601). */
    loggerOrigin?: ((logger: string) => Promise<string | undefined>) | undefined;
  },
): Promise<void> {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const config = { auth: 'optional', grantPurpose: 'still' } as const;
  // The path's token is a `still` grant (the guard took it) or `-` with the token in the header: never an auth
  // token in the address (decision 0014).
  const callerWith = (req: FastifyRequest): Caller => {
    if (!req.caller) throw unauthorised();
    return req.caller;
  };

  r.get(
    '/getthumb/:uid/:deviceid/:token',
    { config, schema: { params: ThumbParams, querystring: TokenQuery, response: { 200: picture } } },
    async (req, reply) => {
      const uidd = uiddOf(req.params.uid, req.params.deviceid);
      const row = await d.access.requirePictures(callerWith(req), uidd, 'thumb');
      const away = await d.loggerOrigin?.(row.logger);
      if (away) return elsewhere(reply, away, req.url);
      return jpeg(reply, await d.media?.latestImage(uidd, 'thumb'), 'private, max-age=10');
    },
  );

  r.get(
    '/getstill/:uid/:seconds/:token',
    { config, schema: { params: StillParams, querystring: TokenQuery, response: { 200: picture } } },
    async (req, reply) => {
      const uidd = req.params.uid as Uidd;
      const row = await d.access.requirePictures(callerWith(req), uidd, 'still');
      const away = await d.loggerOrigin?.(row.logger);
      if (away) return elsewhere(reply, away, req.url);
      return jpeg(reply, await d.media?.latestImage(uidd, 'still'), 'private, max-age=10');
    },
  );
}

/**
 * The latest pictures are in the memory and disk of the camera's recorder (decision 0601): the <img> is sent there,
 * with the same path and its `still` grant, which that recorder checks (shared database, shared secret).
 */
function elsewhere(reply: FastifyReply, origin: string, url: string) {
  return reply.header('cache-control', 'private, max-age=10').redirect(`${origin}${url}`, 307);
}

function jpeg(reply: FastifyReply, image: Buffer | undefined, cache: string) {
  if (!image) throw notFound('No image');
  return reply.type('image/jpeg').header('cache-control', cache).send(image);
}

import { createHash } from 'node:crypto';
import { Transform } from 'node:stream';
import { promisify } from 'node:util';
import { gzip } from 'node:zlib';
import {
  DeviceId,
  SessionsQuery,
  SessionsResponse,
  StreamFormat,
  Uid,
  type Uidd,
  uiddOf,
  VideoQuery,
} from '@vigil/contracts';
import type { StoredFile } from '@vigil/recorder';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { z } from 'zod';
import { media } from '../../http/api-docs.ts';
import { callerOf } from '../../http/auth-guard.ts';
import { HttpError, notFound } from '../../http/errors.ts';
import type { ZodTypeProvider } from '../../http/zod.ts';
import type { EvidenceExports } from '../evidence/evidence-service.ts';
import { byteRange } from './byte-range.ts';
import { firstMedia, stopWhenStalled } from './ffmpeg-jobs.ts';
import { videoMissing } from './range.ts';
import type { ClipRequest, RecordingsService } from './recordings-service.ts';
import type { VideoRequester } from './video-access.ts';

const gzipped = promisify(gzip);
const Sec = z.coerce.number().int().min(0).max(8_640_000_000);
const Stream = z.enum(['main', 'sd']);
const Camera = { owner: Uid, device: DeviceId, startSec: Sec, endSec: Sec };
const ClipParams = z.strictObject(Camera);
const ClipStreamParams = z.strictObject({ ...Camera, stream: Stream });
// No stream: what was recorded, the main stream where the range has any, else the sub stream (decision 0706).
const HlsQuery = z.strictObject({ stream: Stream.optional(), token: z.string().max(4096).optional() });
const FileParams = z.strictObject({
  owner: Uid,
  device: DeviceId,
  startSec: Sec,
  endSec: Sec,
  // Range, expiry, what let the playlist through (a user or a share link and its viewer), signature.
  grant: z.string().max(600),
  '*': z.string().max(200),
});
const StreamParams = z.strictObject({
  format: StreamFormat,
  user: Uid,
  camera: DeviceId,
  startSeconds: Sec,
  endSeconds: Sec,
  token: z.string().min(1).max(4096),
});
const StillParams = z.strictObject({
  uid: Uid,
  deviceid: DeviceId,
  // Epoch seconds, with a fraction for a frame between two seconds.
  file: z.string().regex(/^\d{1,11}(\.\d{1,3})?\.jpg$/, 'must be {seconds}.jpg'),
});
const StillQuery = z.strictObject({
  token: z.string().max(4096).optional(),
  width: z.coerce.number().int().min(64).max(1920).optional(),
});

// What the byte routes answer (decision 0020): content types, not JSON.
const playlist = media(
  'The HLS playlist of the range (gzip when asked)',
  ['application/vnd.apple.mpegurl'],
  'text',
);
const segment = media('A recorded file, whole or the byte range asked', ['video/mp4', 'video/iso.segment']);
const download = media('The clip as a fragmented MP4 download, streamed as it is made', ['video/mp4']);
const stream = media('The clip, streamed as it is made', ['video/mp4', 'video/mp2t']);
const frame = media('The recorded frame at that time', ['image/jpeg']);

/** How long a browser may reuse a recorded file without asking (a grant's re-check horizon, decision 0016). */
const RECORDED_FILE_CACHE_SEC = 120;

/**
 * Video routes take an auth token in the header, a `recorded` media grant or a share token in the URL (players and
 * <img> cannot send headers). Never an auth token in the URL (decision 0014).
 */
const videoRoute = { auth: 'optional', grantPurpose: 'recorded' } as const;

/** Every token of a video request the auth guard did not already take as the caller's. */
async function requester(
  app: FastifyInstance,
  req: FastifyRequest,
  pathToken?: string,
): Promise<VideoRequester> {
  const bearer = /^(?:Bearer|Token)\s+(\S+)$/i.exec(req.headers.authorization ?? '')?.[1];
  const query = (req.query as { token?: string }).token;
  const fresh = (t: string | undefined): t is string => !!t && t !== req.authToken;
  const tokens = [bearer].filter(fresh);
  const urlTokens = [query, pathToken].filter(fresh);
  // With a share token in Authorization, a signed-in viewer's own token comes in X-Auth-Token (as for /jwt/verify).
  const own = req.headers['x-auth-token'];
  const caller = req.caller ?? (typeof own === 'string' ? await app.callerOfToken(own) : undefined);
  return { caller, tokens, urlTokens, ip: req.ip };
}

/** A recorded file, whole or the byte range asked (a playlist names keyframe intervals of segments, 0510). */
async function sendFile(
  req: FastifyRequest,
  reply: FastifyReply,
  file: StoredFile | undefined,
  type: string,
  cache: string,
) {
  if (!file) throw notFound('This recording is no longer stored');
  reply.type(type).header('cache-control', cache).header('accept-ranges', 'bytes');
  const range = byteRange(req.headers.range, file.size);
  if (range === 'unsatisfiable')
    return reply.code(416).header('content-range', `bytes */${file.size}`).send();
  if (!range) return reply.header('content-length', file.size).send(await file.read());
  return reply
    .code(206)
    .header('content-range', `bytes ${range.start}-${range.end}/${file.size}`)
    .header('content-length', range.end - range.start + 1)
    .send(await file.read(range));
}

/** Recordings of spec 001 §7: sessions, the HLS playback of a range, the stitched MP4, the stream, stills. */
export async function recordingRoutes(
  app: FastifyInstance,
  d: { recordings: RecordingsService; evidence?: EvidenceExports | undefined },
): Promise<void> {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const clip = async (
    req: FastifyRequest,
    p: { owner: string; device: string; startSec: number; endSec: number; stream?: 'main' | 'sd' },
    token?: string,
  ): Promise<ClipRequest> => ({
    who: await requester(app, req, token),
    uidd: uiddOf(p.owner, p.device),
    startSec: p.startSec,
    endSec: p.endSec,
    stream: p.stream,
  });

  r.get('/sessions', { schema: { querystring: SessionsQuery, response: { 200: SessionsResponse } } }, (req) =>
    d.recordings.sessions(callerOf(req), req.query),
  );

  r.get(
    '/hls/:owner/:device/:startSec/:endSec/index.m3u8',
    {
      config: videoRoute,
      schema: { params: ClipParams, querystring: HlsQuery, response: { 200: playlist } },
    },
    async (req, reply) => {
      const playlist = await d.recordings.playlist(
        await clip(req, { ...req.params, stream: req.query.stream }),
      );
      reply
        .type('application/vnd.apple.mpegurl')
        .header('cache-control', 'private, no-cache')
        .header('vary', 'accept-encoding');
      // A day is ~44 000 entries (6 MB of text, mostly the same file URLs): gzip makes it ~200 KB, in ~20 ms
      // off the event loop (zlib's thread pool). Level 1: level 6 saves a sixth more for three times the time.
      if (!/\bgzip\b/.test(String(req.headers['accept-encoding'] ?? ''))) return reply.send(playlist);
      return reply.header('content-encoding', 'gzip').send(await gzipped(playlist, { level: 1 }));
    },
  );
  // The files a playlist names: the grant in the path is the authorisation (decision 0502).
  r.get(
    '/hls/:owner/:device/:startSec/:endSec/f/:grant/*',
    { config: { auth: 'none' }, schema: { params: FileParams, response: { 200: segment, 206: segment } } },
    async (req, reply) => {
      const p = req.params;
      const { path, file, presigned } = await d.recordings.file(
        uiddOf(p.owner, p.device) as Uidd,
        p.grant,
        p['*'],
      );
      // A file the bucket alone holds, SEGMENT_PRESIGNED_SEC set (decision 0857): the player reads it there, its
      // Range header kept by the redirect; the URL is short-lived and never cached, the grant was checked above.
      if (presigned)
        return reply
          .header('access-control-allow-origin', '*')
          .header('cache-control', 'no-store')
          .redirect(presigned, 307);
      const type = path.endsWith('.m4s') ? 'video/iso.segment' : 'video/mp4';
      // A playlist served by another host names this file here (decision 0601): its player (hls.js, by fetch)
      // reads it cross-origin. Any origin may: the grant in the path is the whole authorisation, no cookie rides.
      reply
        .header('access-control-allow-origin', '*')
        .header('access-control-expose-headers', 'content-range, content-length');
      // The bytes never change, but the browser must come back soon: its cache would otherwise replay them after
      // sign-out or revocation without asking (decision 0016); two minutes still spare a seek back its request.
      return sendFile(req, reply, file, type, `private, max-age=${RECORDED_FILE_CACHE_SEC}`);
    },
  );

  // The preflight of a player on another origin (decision 0601): hls.js asks keyframe intervals with `Range`.
  r.options(
    '/hls/:owner/:device/:startSec/:endSec/f/:grant/*',
    {
      config: { auth: 'none' },
      // Documented with an (empty) body type: the answer is in its CORS headers.
      schema: {
        params: FileParams,
        response: { 204: media('No body: what is allowed, in the headers', ['text/plain'], 'text') },
      },
    },
    async (_req, reply) =>
      reply
        .code(204)
        .header('access-control-allow-origin', '*')
        .header('access-control-allow-methods', 'GET')
        .header('access-control-allow-headers', 'range')
        .header('access-control-max-age', '600')
        .send(),
  );

  /**
   * Sends a clip as ffmpeg writes it, once its output holds media: a range that yields none is a 404, a failed
   * ffmpeg a 500 with its error logged, never a 200 with a broken file (decision 0507). A download is hashed as it
   * goes and recorded in the evidence log (its id in `x-export-id`), which signs its manifest once it is complete.
   * The viewer leaving stops ffmpeg.
   */
  const send = async (
    req: FastifyRequest,
    reply: FastifyReply,
    c: ClipRequest,
    format: 'mp4' | 'mpegts',
    q: VideoQuery,
    download: boolean,
  ) => {
    const clip = await d.recordings.clip(c, format, q, download ? 'download' : 'stream');
    if ('elsewhere' in clip) return reply.redirect(`${clip.elsewhere}${req.url}`, 307);
    reply.type(format === 'mp4' ? 'video/mp4' : 'video/mp2t').header('cache-control', 'private, no-store');
    if (download)
      reply
        .header('content-disposition', `attachment; filename*=UTF-8''${encodeURIComponent(clip.filename)}`)
        .header('x-expected-length', clip.expectedBytes)
        // For the web app to name the file in its viewer's time zone from what it holds, not from what was asked.
        .header('x-clip-start-ms', clip.startMs)
        .header('x-clip-duration-sec', clip.durationSec);
    if (req.method === 'HEAD') {
      clip.release();
      return reply.send();
    }
    const job = clip.start();
    req.raw.once('close', () => job.kill());
    const head = await firstMedia(job, format).catch((err: unknown) => {
      req.log.error(
        { err: String(err), uidd: c.uidd, startSec: c.startSec, endSec: c.endSec },
        'clip failed',
      );
      throw new HttpError(500, 'video_build_failed', 'This clip could not be made; the error was logged');
    });
    if (!head) {
      req.log.warn({ uidd: c.uidd, startSec: c.startSec, endSec: c.endSec }, 'clip held no video');
      throw videoMissing();
    }
    const out = job.stdout;
    // The bytes sent, hashed as they pass (a listener on the body would take them from the response).
    const hash = createHash('sha256');
    let bytes = 0;
    const body = new Transform({
      transform(chunk: Buffer, _encoding, done) {
        hash.update(chunk);
        bytes += chunk.length;
        done(null, chunk);
      },
    });
    const exported = download && d.evidence ? await d.evidence.begin(clip.evidence(c.who)) : undefined;
    if (exported) {
      reply.header('x-export-id', exported);
      reply.raw.once('finish', () => {
        job.done
          .then(() => d.evidence?.complete(exported, { sha256: hash.digest('hex'), bytes }))
          .catch((e: unknown) => d.evidence?.fail(exported, String(e)))
          .catch((e: unknown) => req.log.error({ err: String(e) }, 'export not recorded'));
      });
      reply.raw.once('close', () => {
        if (!reply.raw.writableFinished)
          void d.evidence?.fail(exported, 'the download was interrupted').catch(() => {});
      });
    }
    stopWhenStalled(job);
    job.done.catch((e: unknown) => req.log.error({ err: String(e), uidd: c.uidd }, 'clip ended early'));
    body.write(head);
    out.pipe(body);
    return reply.send(body);
  };
  r.get(
    '/video/mp4/:owner/:device/:startSec/:endSec',
    {
      config: videoRoute,
      schema: { params: ClipParams, querystring: VideoQuery, response: { 200: download } },
    },
    async (req, reply) => send(req, reply, await clip(req, req.params), 'mp4', req.query, true),
  );
  r.get(
    '/video/mp4/:owner/:device/:startSec/:endSec/:stream',
    {
      config: videoRoute,
      schema: { params: ClipStreamParams, querystring: VideoQuery, response: { 200: download } },
    },
    async (req, reply) => send(req, reply, await clip(req, req.params), 'mp4', req.query, true),
  );
  r.get(
    '/stream/:format/:user/:camera/:startSeconds/:endSeconds/:token',
    {
      config: videoRoute,
      schema: { params: StreamParams, querystring: VideoQuery, response: { 200: stream } },
    },
    async (req, reply) => {
      const p = req.params;
      const c = await clip(
        req,
        { owner: p.user, device: p.camera, startSec: p.startSeconds, endSec: p.endSeconds },
        p.token,
      );
      return send(req, reply, c, p.format, req.query, false);
    },
  );

  r.get(
    '/simple/:uid/:deviceid/hdstill/:file',
    {
      config: videoRoute,
      schema: { params: StillParams, querystring: StillQuery, response: { 200: frame } },
    },
    async (req, reply) => {
      const p = req.params;
      const seconds = Number(p.file.slice(0, -'.jpg'.length));
      const jpeg = await d.recordings.still(
        await requester(app, req),
        uiddOf(p.uid, p.deviceid),
        seconds,
        req.query.width,
      );
      if ('elsewhere' in jpeg) return reply.redirect(`${jpeg.elsewhere}${req.url}`, 307);
      // A recorded frame never changes.
      return reply.type('image/jpeg').header('cache-control', 'private, max-age=86400').send(jpeg);
    },
  );
}

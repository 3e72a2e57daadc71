import { PassThrough, type Readable } from 'node:stream';
import { LiveParams, type LiveStream, type Uidd } from '@vigil/contracts';
import { toBool } from '@vigil/db';
import type { FastifyInstance, FastifyReply } from 'fastify';
import { z } from 'zod';
import { media } from '../../../http/api-docs.ts';
import { callerOf } from '../../../http/auth-guard.ts';
import { badRequest, HttpError, notFound } from '../../../http/errors.ts';
import type { ZodTypeProvider } from '../../../http/zod.ts';
import type { CameraAccess } from '../../access/camera-access.ts';
import { liveUnavailable } from '../live-routes.ts';
import type { LiveGrants } from './grants.ts';
import type { LiveHls } from './live-hls.ts';
import type { LiveHlsPackager } from './packager.ts';
import { livePlaylist, progressivePlaylist } from './playlist.ts';

export interface LiveHlsRouteDeps {
  hls: LiveHls | undefined;
  access: CameraAccess;
  grants: LiveGrants;
  now?: () => number;
}

/**
 * How long the first playlist waits for the stream's first complete segment (a camera that was not being read
 * starts; players treat a playlist without one as empty).
 */
const FIRST_SEGMENT_WAIT_MS = 10_000;
/** A blocking request is held at most this long (RFC 8216bis: three target durations). */
const BLOCK_MS = 6_000;

// Players add delivery directives; anything else they add is ignored.
const PlaylistQuery = z.object({
  token: z.string().max(4096).optional(),
  _HLS_msn: z.coerce.number().int().min(0).optional(),
  _HLS_part: z.coerce.number().int().min(0).optional(),
  /** `1`: the progressive playlist, for players without low-latency HLS (decision 0460). */
  progressive: z.enum(['0', '1']).optional(),
});
const FileQuery = z.object({ grant: z.string().max(80) });
const FileParams = LiveParams.extend({
  file: z.string().regex(/^(?:init-\d{1,9}\.mp4|\d{1,12}(?:\.\d{1,4})?\.m4s)$/, 'not a live file'),
});

/** Resolves true once `ready()` holds, false after `ms`. */
function until(p: LiveHlsPackager, ready: () => boolean, ms: number): Promise<boolean> {
  if (ready()) return Promise.resolve(true);
  return new Promise((resolve) => {
    const off = p.onChange(() => {
      if (!ready()) return;
      clearTimeout(timer);
      off();
      resolve(true);
    });
    const timer = setTimeout(() => {
      off();
      resolve(ready());
    }, ms);
  });
}

/** How far past the segment being made a request may ask (the progressive playlist names the next two). */
const PROGRESSIVE_AHEAD = 3;

/**
 * A segment's bytes as a stream: what exists now, then each frame as it arrives, ending when the segment is
 * complete (or slides out, or the stream stops for BLOCK_MS).
 */
function progressiveSegment(p: LiveHlsPackager, msn: number): Readable {
  const out = new PassThrough();
  let sent = 0;
  let timer: NodeJS.Timeout | undefined;
  const finish = () => {
    off();
    clearTimeout(timer);
    out.end();
  };
  const pump = () => {
    const so = p.segmentSoFar(msn);
    if (!so) return finish();
    let at = 0;
    for (const b of so.data) {
      if (at + b.length > sent) out.write(b.subarray(Math.max(0, sent - at)));
      at += b.length;
    }
    sent = at;
    if (so.complete) return finish();
    clearTimeout(timer);
    timer = setTimeout(finish, BLOCK_MS);
  };
  const off = p.onChange(pump);
  out.on('close', () => {
    off();
    clearTimeout(timer);
  });
  pump();
  return out;
}

const noStore = (reply: FastifyReply) => reply.header('cache-control', 'private, no-store');

/**
 * Live LL-HLS of a camera stream (docs/decisions/0460), for browsers without Media Source Extensions:
 * `GET /live/{uidd}/{stream}/index.m3u8` authorised by the token in the header, or in `?token=` by a
 * `live` grant (to start) or a `live-playlist` grant (reloaded unchanged by native players, decision 0014); viewLive, with blocking reload (`_HLS_msn`, `_HLS_part`); the files it names are `f/{file}?grant=`.
 */
export async function liveHlsRoutes(app: FastifyInstance, d: LiveHlsRouteDeps): Promise<void> {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const now = d.now ?? Date.now;

  r.get(
    '/live/:uidd/:stream/index.m3u8',
    {
      config: { grantPurpose: ['live', 'live-playlist'] },
      schema: {
        params: LiveParams,
        querystring: PlaylistQuery,
        response: { 200: media('The live playlist', ['application/vnd.apple.mpegurl'], 'text') },
      },
    },
    async (req, reply) => {
      const { uidd, stream } = req.params;
      const row = await d.access.require(callerOf(req), uidd, 'viewLive');
      if (toBool(row.uninstalled))
        throw new HttpError(409, 'camera_uninstalled', 'This camera is uninstalled');
      if (!d.hls) throw liveUnavailable();
      const p = await d.hls.open(uidd as Uidd, stream);
      const { _HLS_msn: msn, _HLS_part: part } = req.query;
      if (msn === undefined) {
        if (part !== undefined) throw badRequest('_HLS_part needs _HLS_msn');
        if (!(await until(p, () => p.view().segments.some((s) => s.complete), FIRST_SEGMENT_WAIT_MS)))
          throw liveUnavailable();
      } else {
        // RFC 8216bis 6.2.5.2: a request more than two segments ahead is refused at once.
        if (msn > p.view().next.msn + 2) throw badRequest('_HLS_msn is too far ahead');
        if (!(await until(p, () => p.ready(msn, part), BLOCK_MS)))
          throw new HttpError(503, 'live_unavailable', 'The live stream paused');
      }
      // The grant goes in the query: players compare a segment's URL across reloads without it, and it changes.
      const grant = `?grant=${d.grants.issue(uidd, stream, now())}`;
      const urls = {
        init: (id: number) => `f/init-${id}.mp4${grant}`,
        segment: (n: number) => `f/${n}.m4s${grant}`,
        part: (n: number, i: number) => `f/${n}.${i}.m4s${grant}`,
      };
      const write = req.query.progressive === '1' ? progressivePlaylist : livePlaylist;
      const text = write(p.view(), p.timing, urls);
      return noStore(reply).type('application/vnd.apple.mpegurl').send(text);
    },
  );

  // The files a live playlist names: the grant in the query is the authorisation.
  r.get(
    '/live/:uidd/:stream/f/:file',
    {
      config: { auth: 'none' },
      schema: {
        params: FileParams,
        querystring: FileQuery,
        response: { 200: media('An init segment, segment or part', ['video/mp4']) },
      },
    },
    async (req, reply) => {
      const { uidd, stream, file } = req.params;
      const { grant } = req.query;
      if (!d.grants.valid(grant, uidd, stream, now())) throw notFound();
      const p = d.hls?.current(uidd as Uidd, stream as LiveStream);
      if (!p) throw notFound('This live stream ended');
      const init = /^init-(\d+)\.mp4$/.exec(file);
      if (init) {
        const data = p.init(Number(init[1]));
        if (!data) throw notFound('This live stream restarted');
        return reply.header('cache-control', 'private, max-age=60').type('video/mp4').send(data);
      }
      const [msn, index] = file.slice(0, -'.m4s'.length).split('.').map(Number) as [number, number?];
      if (msn > p.view().next.msn + PROGRESSIVE_AHEAD) throw notFound();
      if (index === undefined) {
        const done = p.segment(msn);
        if (done) return reply.header('cache-control', 'private, max-age=60').type('video/mp4').send(done);
        // A segment being made, or one of the next: sent as its frames arrive.
        if (!(await until(p, () => p.gone(msn) || p.segmentSoFar(msn) !== undefined, BLOCK_MS)))
          throw notFound();
        if (p.gone(msn)) throw notFound();
        return noStore(reply).type('video/mp4').send(progressiveSegment(p, msn));
      }
      // A preload hint's part: held until it exists (blocking, as LL-HLS expects).
      await until(p, () => p.gone(msn) || p.ready(msn, index), BLOCK_MS);
      const data = p.part(msn, index)?.data;
      if (!data) throw notFound();
      return reply.header('cache-control', 'private, max-age=60').type('video/mp4').send(data);
    },
  );
}

import '@fastify/websocket';
import { ApiError, LIVE_CLOSE, LiveParams, LiveQuery } from '@vigil/contracts';
import { databaseFault, toBool } from '@vigil/db';
import type { FastifyInstance } from 'fastify';
import { callerOf } from '../../http/auth-guard.ts';
import { HttpError } from '../../http/errors.ts';
import type { ZodTypeProvider } from '../../http/zod.ts';
import type { CameraAccess } from '../access/camera-access.ts';
import { liveSender } from './live-sender.ts';
import type { RecordingPort } from './recording.ts';

export interface LiveRouteDeps {
  media: RecordingPort | undefined;
  access: CameraAccess;
  seriesLive: (seriesId: string) => Promise<boolean>;
  /** How often an open stream re-checks its viewer's sign-in and access (default 5 s, like the realtime stream). */
  recheckMs?: number;
  /** A viewer whose unsent data exceeds this is dropped (default 2 MiB: seconds of video at camera bit rates). */
  maxBufferedBytes?: number;
}

const RECHECK_MS = 5_000;
const MAX_BUFFERED_BYTES = 2 * 1024 * 1024;
/** Pings find viewers that vanished without closing (a laptop lid shut): two missed pongs end the stream. */
const PING_MS = 15_000;

export const liveUnavailable = () =>
  new HttpError(503, 'live_unavailable', 'Live video of this camera is not available yet');

/**
 * GET /live/{uidd}/{stream}: a camera's live stream over WebSocket (docs/decisions/0450). Authorised before the
 * upgrade (auth token in the header or `?token=`, viewLive on the camera), re-checked every few seconds after.
 */
export async function liveRoutes(app: FastifyInstance, d: LiveRouteDeps): Promise<void> {
  app.withTypeProvider<ZodTypeProvider>().route({
    method: 'GET',
    url: '/live/:uidd/:stream',
    config: { grantPurpose: 'live' },
    schema: {
      params: LiveParams,
      querystring: LiveQuery,
      // Opened as a WebSocket (101, then binary media messages); a plain GET is told so.
      response: { 426: ApiError },
    },
    preHandler: async (req) => {
      const row = await d.access.require(callerOf(req), req.params.uidd, 'viewLive');
      if (toBool(row.uninstalled))
        throw new HttpError(409, 'camera_uninstalled', 'This camera is uninstalled');
      if (!d.media) throw liveUnavailable();
    },
    handler: async (_req, reply) =>
      reply
        .code(426)
        .header('upgrade', 'websocket')
        .send({ error: 'Open this address as a WebSocket', code: 'bad_request' }),
    wsHandler: (socket, req) => {
      const { uidd, stream } = req.params;
      const video = req.query.video ?? 'original';
      const caller = callerOf(req);
      const media = d.media as RecordingPort;
      const maxBuffered = d.maxBufferedBytes ?? MAX_BUFFERED_BYTES;
      let stop: (() => void) | undefined;
      let ended = false;
      const end = (code: number, reason: string): void => {
        if (ended) return;
        ended = true;
        clearInterval(recheck);
        clearInterval(ping);
        stop?.();
        if (socket.readyState === socket.OPEN) socket.close(code, reason);
      };
      socket.on('close', () => end(1000, ''));
      socket.on('message', () => {}); // Viewers send nothing; anything they send is ignored.

      let alive = true;
      socket.on('pong', () => {
        alive = true;
      });
      const ping = setInterval(() => {
        if (!alive) return socket.terminate();
        alive = false;
        socket.ping();
      }, PING_MS);

      const recheck = setInterval(() => {
        void (async () => {
          if (!(await d.seriesLive(caller.seriesId))) return end(LIVE_CLOSE.sessionEnded, 'signed out');
          const row = await d.access.require(caller, uidd, 'viewLive').catch((err: unknown) => {
            if (databaseFault(err)) throw err;
            return undefined;
          });
          if (!row || toBool(row.uninstalled)) end(LIVE_CLOSE.accessEnded, 'access ended');
          // The database away cannot take access back: the viewer keeps watching until it answers (0015).
        })().catch((err: unknown) => {
          if (!databaseFault(err)) end(LIVE_CLOSE.accessEnded, 'access check failed');
        });
      }, d.recheckMs ?? RECHECK_MS);

      // The prebuffer goes as one message (the player seeks to its end once it is appended: 0213, 0214).
      const toSocket = liveSender((data) =>
        typeof data === 'string' ? socket.send(data) : socket.send(data, { binary: true }),
      );
      media
        .watch(
          uidd,
          stream,
          (chunk) => {
            if (ended) return;
            // A viewer that cannot keep up is dropped; it reconnects and starts again from the latest keyframe.
            if (socket.bufferedAmount > maxBuffered) return end(LIVE_CLOSE.tooSlow, 'too slow');
            toSocket(chunk);
          },
          video,
        )
        .then(
          (unsubscribe) => {
            stop = unsubscribe;
            if (ended) unsubscribe();
          },
          () => end(LIVE_CLOSE.unavailable, 'live unavailable'),
        );
    },
  });
}

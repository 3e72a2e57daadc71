import { z } from 'zod';
import { Uidd } from './ids.ts';

/**
 * Live view over WebSocket (docs/decisions/0450): `GET /live/{uidd}/{stream}?token=…` upgraded to a WebSocket.
 * The server sends a text message `{"type":"init","mimeType":…}`, then the init segment (binary), then the
 * fragments since the last keyframe at once, then every new fragment (binary, fMP4 moof+mdat). A new init
 * (text + binary) may come again when the camera restarts with new parameters: the player resets its decoder.
 */

export const LIVE_STREAMS = ['main', 'sd'] as const;
export type LiveStream = (typeof LIVE_STREAMS)[number];

export const LiveParams = z.strictObject({ uidd: Uidd, stream: z.enum(LIVE_STREAMS) });
/**
 * Which video a live viewer gets: the camera's own ('original', the default), or 'h264', an H.264 conversion made
 * while watched, for a browser that cannot play the camera's H.265 (decision 0461).
 */
export const LIVE_VIDEOS = ['original', 'h264'] as const;
export type LiveVideo = (typeof LIVE_VIDEOS)[number];

/** The browser cannot set headers on a WebSocket: the auth token comes in the query (redacted in logs). */
export const LiveQuery = z.strictObject({
  token: z.string().max(4096).optional(),
  video: z.enum(LIVE_VIDEOS).optional(),
});

export const LiveServerMessage = z.discriminatedUnion('type', [
  z.object({
    type: z.literal('init'),
    mimeType: z.string(),
    /** The stream was converted to H.264 for this viewer (asked with `video=h264`); absent: the camera's own. */
    converted: z.boolean().optional(),
  }),
]);
export type LiveServerMessage = z.infer<typeof LiveServerMessage>;

/** Close codes the live WebSocket ends with (4000–4999 are the application's). */
export const LIVE_CLOSE = {
  /** The sign-in ended (signed out, series revoked). */
  sessionEnded: 4401,
  /** The viewer lost access to the camera, or the camera was uninstalled or deleted. */
  accessEnded: 4403,
  /** The viewer fell too far behind (the server's send buffer filled up): reconnect from the next keyframe. */
  tooSlow: 4408,
  /** The recorder does not serve this camera or stream (yet). */
  unavailable: 4503,
} as const;

/** How often the web app repeats livecommand while it shows a camera live (the server holds live 60 s). */
export const LIVE_KEEPALIVE_MS = 20_000;

/** Path of a camera stream's live WebSocket, relative to the live host (the camera's `wowza`/`sdWowza`). */
export const livePath = (uidd: Uidd | string, stream: LiveStream): string =>
  `/live/${encodeURIComponent(uidd)}/${stream}`;

/** The still and thumbnail of a camera (spec 001 §7): the token is in the path, for <img> elements. */
export const stillPaths = {
  thumb: (owner: string, deviceId: string, token: string) =>
    `/getthumb/${encodeURIComponent(owner)}/${encodeURIComponent(deviceId)}/${encodeURIComponent(token)}`,
  still: (uidd: string, seconds: number, token: string) =>
    `/getstill/${encodeURIComponent(uidd)}/${Math.floor(seconds)}/${encodeURIComponent(token)}`,
  hdStill: (owner: string, deviceId: string, seconds: number) =>
    `/simple/${encodeURIComponent(owner)}/${encodeURIComponent(deviceId)}/hdstill/${Math.floor(seconds)}.jpg`,
} as const;

import { z } from 'zod';
import { listParam } from './cameras.ts';
import { Uidd } from './ids.ts';

/**
 * Recordings: sessions for the timeline, the HLS playlist, the stitched MP4 and the stream of spec 001 §7 "Video"
 * (decisions 0500–0504). Sessions and playlists speak epoch milliseconds like the events API; the video URLs of the
 * spec speak epoch seconds.
 */

/** Longest window one GET /sessions may ask for (a month of timeline in one call). */
export const SESSIONS_MAX_WINDOW_MS = 31 * 86_400_000;
/** Most cameras one GET /sessions may ask for. */
export const SESSIONS_MAX_CAMERAS = 64;
/**
 * Two recorded pieces closer than this are one session on the timeline: a recorder restart leaves more (backoff
 * 1 s, plus reconnecting), a continuous run leaves none.
 */
export const SESSION_GAP_MS = 1000;
/** Longest range of one HLS playlist: a day of timeline. */
export const PLAYBACK_MAX_RANGE_SEC = 24 * 3600;
/** How long the file URLs inside a playlist stay valid (decision 0502). */
export const PLAYLIST_URL_TTL_SEC = 6 * 3600;

const epochMsParam = z.coerce.number().int().min(0).max(8_640_000_000_000);

/** GET /sessions (spec 001 §7): uidd (one or many), startAfter and startBefore bound the window, epoch ms. */
export const SessionsQuery = z
  .strictObject({
    uidd: listParam(Uidd, SESSIONS_MAX_CAMERAS).refine(
      (a) => a.length >= 1,
      'at least one camera is required',
    ),
    startAfter: epochMsParam,
    startBefore: epochMsParam,
    /** Absent: what was recorded, main or sub stream (decision 0706). */
    stream: z.enum(['main', 'sd']).optional(),
  })
  .refine((q) => q.startBefore > q.startAfter, {
    message: 'must be after startAfter',
    path: ['startBefore'],
  })
  .refine((q) => q.startBefore - q.startAfter <= SESSIONS_MAX_WINDOW_MS, {
    message: `the window is at most ${SESSIONS_MAX_WINDOW_MS / 86_400_000} days`,
    path: ['startBefore'],
  });
export type SessionsQuery = z.output<typeof SessionsQuery>;

/**
 * The answer: per camera, its recording sessions (continuous runs) overlapping the window, clipped to it, as
 * [startMs, endMs] pairs oldest first. A day of a continuous camera is one pair; each outage adds one.
 */
export const SessionsResponse = z.object({
  startAfter: z.number(),
  startBefore: z.number(),
  cameras: z.array(z.object({ uidd: z.string(), sessions: z.array(z.tuple([z.number(), z.number()])) })),
  /** Cameras of the query the caller may not watch recordings of (the rest of the answer still holds). */
  errors: z.array(z.object({ uidd: z.string(), code: z.string(), error: z.string() })),
});
export type SessionsResponse = z.infer<typeof SessionsResponse>;

const flag = z
  .enum(['true', 'false', '1', '0'])
  .transform((v) => v === 'true' || v === '1')
  .optional();

/**
 * Query of /video/mp4 and /stream/... (spec 001 §7). padding: keep the gaps as time (the picture holds) so the
 * file lasts the whole range. fixts, inputStream and ignoreMvhd are accepted for the spec's URL shape and change
 * nothing: our clips always have continuous timestamps from zero and our inputs are always our own segments.
 * vcodec asks for a codec; we never transcode, so another codec than the recorded one is refused. token: an auth
 * or share token, for players that cannot send headers.
 */
export const VideoQuery = z.strictObject({
  padding: flag,
  fixts: flag,
  inputStream: flag,
  ignoreMvhd: flag,
  vcodec: z.enum(['h264', 'h265', 'hevc', 'copy']).optional(),
  token: z.string().max(4096).optional(),
});
export type VideoQuery = z.output<typeof VideoQuery>;

/** The formats of {videoServer}/stream/{format}/...: fragmented MP4 (default) or MPEG-TS. */
export const StreamFormat = z.enum(['mp4', 'mpegts']);
export type StreamFormat = z.infer<typeof StreamFormat>;

/**
 * Download filenames (spec 001 §5): colon and slash become '-', tab becomes a space, the characters <>"?|* are
 * removed.
 */
export function sanitiseFilename(name: string): string {
  return name
    .replaceAll(/[:/]/g, '-')
    .replaceAll('\t', ' ')
    .replaceAll(/[<>"?|*]/g, '');
}

/** "1h05m", "10m", "45s": a clip's length for its filename. */
export function durationLabel(seconds: number): string {
  const s = Math.max(0, Math.round(seconds));
  const h = Math.floor(s / 3600);
  const m = Math.floor((s % 3600) / 60);
  if (h > 0) return `${h}h${String(m).padStart(2, '0')}m`;
  if (m > 0) return s % 60 === 0 ? `${m}m` : `${m}m${String(s % 60).padStart(2, '0')}s`;
  return `${s}s`;
}

/** "2026-11-21 13:05" in the given IANA time zone. */
export function localDateTime(ms: number, timeZone: string): string {
  const parts = Object.fromEntries(
    new Intl.DateTimeFormat('en-GB', {
      timeZone,
      year: 'numeric',
      month: '2-digit',
      day: '2-digit',
      hour: '2-digit',
      minute: '2-digit',
      hourCycle: 'h23',
    })
      .formatToParts(ms)
      .map((p) => [p.type, p.value]),
  );
  return `${parts.year}-${parts.month}-${parts.day} ${parts.hour}:${parts.minute}`;
}

/**
 * A clip's download name (spec 001 §7: from time zone, date and duration; §5: the filename rules), e.g.
 * "Front door 2026-11-21 13-05 Europe-London 10m.mp4".
 */
export function clipFilename(o: {
  name: string;
  startMs: number;
  durationSec: number;
  timeZone: string;
}): string {
  const base = `${o.name} ${localDateTime(o.startMs, o.timeZone)} ${o.timeZone} ${durationLabel(o.durationSec)}`;
  return `${sanitiseFilename(base).replaceAll(/\s+/g, ' ').trim()}.mp4`;
}

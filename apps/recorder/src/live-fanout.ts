import type { LiveVideo, Uidd } from '@vigil/contracts';
import type { CameraEntry } from './camera-streams.ts';
import type { LiveListener } from './live/live-hub.ts';
import { LiveTranscoder } from './live/transcoder.ts';
import type { RecorderLog } from './log.ts';
import type { StreamName } from './storage/segments-repository.ts';

/** What the live H.264 fallback of a camera is made with. */
export interface TranscoderDeps {
  ffmpegPath: string;
  log: RecorderLog;
  lingerMs: number | undefined;
}

/**
 * Live fan-out: a viewer subscribes to a camera stream's hub, or for `video: 'h264'` to the camera's one H.264
 * fallback. Returns the unsubscribe function; throws when the camera or the stream is unknown.
 */
export function subscribeLive(
  c: CameraEntry | undefined,
  uidd: Uidd,
  stream: StreamName,
  listener: LiveListener,
  video: LiveVideo,
  deps: TranscoderDeps,
): () => void {
  if (c && video === 'h264') return transcoderOf(c, deps).subscribe(listener);
  const worker = stream === 'main' ? c?.main : c?.sd;
  if (!worker) throw new Error(`no ${stream} stream for camera ${uidd}`);
  return worker.subscribe(listener);
}

/**
 * The live H.264 fallback of a camera (decision 0461), whichever stream was asked for: it converts the SD
 * substream where there is one (a quarter of main's decoding, and the fallback is made at SD size anyway).
 */
function transcoderOf(c: CameraEntry, deps: TranscoderDeps): LiveTranscoder {
  c.transcoder ??= new LiveTranscoder({
    ffmpegPath: deps.ffmpegPath,
    log: deps.log,
    name: c.camera.uidd,
    source: (listener) => (c.sd ?? c.main).subscribe(listener),
    lingerMs: deps.lingerMs,
  });
  return c.transcoder;
}

/** The camera's live H.264 fallback: whether it runs, its ffmpeg's pid (tests, support). */
export function liveTranscodeOf(
  c: CameraEntry | undefined,
): { running: boolean; pid: number | undefined; starts: number } | undefined {
  const t = c?.transcoder;
  return t && { running: t.running, pid: t.pid, starts: t.stats.starts };
}

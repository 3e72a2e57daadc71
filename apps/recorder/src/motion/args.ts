import { invalidCameraUrl } from '../ffmpeg/args.ts';

import { type AnalysisSize, analysisFilter } from './frames.ts';

/**
 * ffmpeg arguments of motion detection, as data (decision 0550): decode, reduce to the small grey analysis
 * picture (crop to whole blocks, area scaling), write it raw on stdout.
 */

export type MotionInput =
  /** fMP4 on stdin: the recorder's own fragments (init segment, then the fragments it chooses). */
  | { kind: 'pipe' }
  /** Its own RTSP connection to the camera (measured against the pipe in `motion-cpu`). */
  | { kind: 'rtsp'; url: string; timeoutMs: number };

export interface MotionDecodeOptions {
  input: MotionInput;
  /** The analysis picture (from the stream's dimensions). */
  size: AnalysisSize;
  /**
   * The running detector: it decodes keyframes only (from a pipe it is given keyframes, each with its follower,
   * see KeyframeDecoder; the follower is skipped, not decoded) and skips their deblocking (a keyframe refers to
   * nothing, so nothing can drift; ~10 % of the decode). Otherwise every picture is decoded in full (start
   * refinement: skipping deblocking there too saved ~20 % of its decode but made starts on a 640×360 stream
   * ~190 ms later in `motion-accuracy`).
   */
  keyframesOnly: boolean;
}

/** fMP4 fragments on stdin, started at once: the init segment says everything, nothing to probe. */
const PIPE_INPUT = ['-protocol_whitelist', 'pipe', '-probesize', '32', '-analyzeduration', '0'].concat([
  '-f',
  'mp4',
  '-i',
  'pipe:0',
]);

export function motionDecodeArgs(o: MotionDecodeOptions): string[] {
  const a = ['-hide_banner', '-nostats', '-loglevel', 'error'];
  // One thread: no frame-threading delay, and a detector must never take cores from the ingest.
  a.push('-threads', '1', '-flags', 'low_delay');
  if (o.keyframesOnly) a.push('-skip_frame', 'nokey', '-skip_loop_filter', 'all');
  if (o.input.kind === 'pipe') {
    a.push(...PIPE_INPUT);
  } else {
    const why = invalidCameraUrl(o.input.url);
    if (why) throw new Error(`camera URL ${why}`);
    a.push('-protocol_whitelist', 'rtsp,rtsps,rtp,srtp,tcp,udp,tls');
    a.push('-rtsp_transport', 'tcp', '-timeout', String(Math.round(o.input.timeoutMs * 1000)));
    a.push('-analyzeduration', '500000', '-i', o.input.url);
  }
  a.push('-map', '0:v:0', '-an', '-sn', '-dn', '-vf', analysisFilter(o.size));
  // One encoder thread too: the rawvideo encoder is frame-threaded, and with threads it held each picture back
  // until the next one was decoded (a keyframe interval late, decision 0557).
  a.push('-fps_mode', 'passthrough', '-threads', '1', '-f', 'rawvideo', 'pipe:1');
  return a;
}

export interface EventDecodeOptions {
  /** The analysis picture (from the stream's dimensions). */
  size: AnalysisSize;
  /** Width of the event's thumbnail (the still keeps the picture's size). */
  thumbWidth: number;
}

/**
 * The event decoder's ffmpeg (decision 0557): one long-lived process per camera with recent motion, fed fMP4
 * fragments on stdin. Every picture is decoded in full and written as an analysis picture on stdout (the start
 * refinement); every keyframe is also written as a full-size still on fd 3 and a thumbnail on fd 4 (the event's
 * pictures, as the still queue makes them: JPEG quality 3 and 5). `key` is what the ingest marked as a keyframe
 * (an IDR or a recovery point), so each keyframe fed makes exactly one pair.
 *
 * `setpts=N/TB` numbers the pictures 0, 1, 2… seconds: the fragments fed are picked from the stream (a GOP, a
 * keyframe later), so their own times jump, and the muxers drop a picture whose time does not increase. One
 * thread per encoder: a frame-threaded encoder holds a picture back until the next one (a JPEG until the next
 * keyframe).
 */
export function eventDecodeArgs(o: EventDecodeOptions): string[] {
  const a = ['-hide_banner', '-nostats', '-loglevel', 'error', '-threads', '1', '-flags', 'low_delay'];
  a.push(...PIPE_INPUT);
  a.push(
    '-filter_complex',
    `[0:v:0]setpts=N/TB,split=2[a][k];[a]${analysisFilter(o.size)}[ao];` +
      `[k]select='key',split=2[s][t];[t]scale=${o.thumbWidth}:-2[tt]`,
  );
  const out = (label: string, encoder: string[], format: string, target: string): string[] => [
    '-map',
    label,
    '-fps_mode',
    'passthrough',
    '-threads',
    '1',
    ...encoder,
    '-f',
    format,
    target,
  ];
  a.push(...out('[ao]', [], 'rawvideo', 'pipe:1'));
  a.push(...out('[s]', ['-c:v', 'mjpeg', '-q:v', '3'], 'image2pipe', 'pipe:3'));
  a.push(...out('[tt]', ['-c:v', 'mjpeg', '-q:v', '5'], 'image2pipe', 'pipe:4'));
  return a;
}

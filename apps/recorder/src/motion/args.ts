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

export function motionDecodeArgs(o: MotionDecodeOptions): string[] {
  const a = ['-hide_banner', '-nostats', '-loglevel', 'error'];
  // One thread: no frame-threading delay, and a detector must never take cores from the ingest.
  a.push('-threads', '1', '-flags', 'low_delay');
  if (o.keyframesOnly) a.push('-skip_frame', 'nokey', '-skip_loop_filter', 'all');
  if (o.input.kind === 'pipe') {
    a.push(
      '-protocol_whitelist',
      'pipe',
      '-probesize',
      '32',
      '-analyzeduration',
      '0',
      '-f',
      'mp4',
      '-i',
      'pipe:0',
    );
  } else {
    const why = invalidCameraUrl(o.input.url);
    if (why) throw new Error(`camera URL ${why}`);
    a.push('-protocol_whitelist', 'rtsp,rtsps,rtp,srtp,tcp,udp,tls');
    a.push('-rtsp_transport', 'tcp', '-timeout', String(Math.round(o.input.timeoutMs * 1000)));
    a.push('-analyzeduration', '500000', '-i', o.input.url);
  }
  a.push('-map', '0:v:0', '-an', '-sn', '-dn', '-vf', analysisFilter(o.size));
  a.push('-fps_mode', 'passthrough', '-f', 'rawvideo', 'pipe:1');
  return a;
}

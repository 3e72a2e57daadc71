import { join } from 'node:path';

export interface StillRequest {
  recordingsDir: string;
  initPath: string;
  segmentPath: string;
  /** Where in the segment, seconds from its first frame. */
  offsetSec: number;
  /** Scale to this width (thumbnails while scrubbing); full size when absent. */
  width?: number | undefined;
}

/**
 * One recorded frame as a JPEG on stdout. The segment is read through the concat: protocol (init + segment, no copy
 * in memory) and seeked on input, so ffmpeg decodes from the keyframe before the instant, not from the segment's
 * start, then exactly to the frame.
 */
export function stillArgs(r: StillRequest): string[] {
  const input = `concat:${join(r.recordingsDir, r.initPath)}|${join(r.recordingsDir, r.segmentPath)}`;
  const a = ['-hide_banner', '-nostdin', '-nostats', '-loglevel', 'error'];
  a.push('-protocol_whitelist', 'file,concat', '-threads', '2');
  if (r.offsetSec > 0) a.push('-ss', r.offsetSec.toFixed(3));
  a.push('-i', input, '-map', '0:v:0', '-frames:v', '1');
  if (r.width) a.push('-vf', `scale=${r.width}:-2`);
  a.push('-q:v', r.width ? '5' : '3', '-f', 'image2pipe', '-c:v', 'mjpeg', 'pipe:1');
  return a;
}

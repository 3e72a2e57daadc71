import { join } from 'node:path';

export interface StillRequest {
  recordingsDir: string;
  initPath: string;
  segmentPath: string;
  /** Where to start reading the segment: the moof of the keyframe before the instant (keyframes.ts). */
  byteOffset?: number;
  /** Where the instant is, seconds from where reading starts. */
  offsetSec: number;
  /** Scale to this width (thumbnails while scrubbing); full size when absent. */
  width?: number | undefined;
}

/**
 * One recorded frame as a JPEG on stdout. The init segment and the segment from the keyframe before the instant
 * (the subfile protocol: a byte range) are read through the concat: protocol, no copy in memory; ffmpeg decodes
 * from that keyframe exactly to the frame (`-ss`, which without an index in the segment cannot skip ahead).
 */
export function stillArgs(r: StillRequest): string[] {
  const seg = join(r.recordingsDir, r.segmentPath);
  const input = `concat:${join(r.recordingsDir, r.initPath)}|${r.byteOffset ? `subfile,,start,${r.byteOffset},end,0,,:${seg}` : seg}`;
  const a = ['-hide_banner', '-nostdin', '-nostats', '-loglevel', 'error', '-nofind_stream_info'];
  a.push('-protocol_whitelist', 'file,concat,subfile', '-threads', '2');
  if (r.offsetSec > 0) a.push('-ss', r.offsetSec.toFixed(3));
  a.push('-i', input, '-map', '0:v:0', '-frames:v', '1');
  if (r.width) a.push('-vf', `scale=${r.width}:-2`);
  a.push('-q:v', r.width ? '5' : '3', '-f', 'image2pipe', '-c:v', 'mjpeg', 'pipe:1');
  return a;
}

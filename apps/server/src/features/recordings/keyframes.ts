import { readFile } from 'node:fs/promises';
import { children } from '@vigil/recorder/bmff/boxes';
import { parseInit, parseMoof } from '@vigil/recorder/bmff/mp4';

/**
 * The last keyframe of a recorded segment at or before `offsetMs` into it: its byte offset (the moof that opens
 * it) and its time from the segment's start. A clip copied from there starts at most one keyframe interval
 * before the asked instant, without re-encoding.
 */
export async function keyframeBefore(
  initPath: string,
  segmentPath: string,
  offsetMs: number,
): Promise<{ byteOffset: number; offsetMs: number }> {
  const [init, seg] = await Promise.all([readFile(initPath), readFile(segmentPath)]);
  const moov = [...children(init, 0)].find((b) => b.type === 'moov');
  const info = moov ? parseInit(moov.data) : undefined;
  const video = info?.video;
  let best = { byteOffset: 0, offsetMs: 0 };
  if (!info || !video) return best;
  let first: number | undefined;
  let at = 0;
  for (const box of children(seg, 0)) {
    if (box.type === 'moof') {
      const traf = parseMoof(box.data, info).find((t) => t.trackId === video.id);
      if (traf) {
        first ??= traf.baseDecodeTime;
        const ms = ((traf.baseDecodeTime - first) * 1000) / video.timescale;
        if (ms > offsetMs) break;
        if (traf.startsWithSync) best = { byteOffset: at, offsetMs: ms };
      }
    }
    at += box.data.length;
  }
  return best;
}

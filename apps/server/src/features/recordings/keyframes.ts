import { readFile } from 'node:fs/promises';
import { children, parseInit, parseMoof } from '@vigil/recorder';

/** Where a clip starts inside a segment: the moof that opens a keyframe, and its time from the segment's start. */
export interface Cut {
  byteOffset: number;
  offsetMs: number;
}

/** A fragment (moof + mdat) of a recorded segment: where it starts, when, and what it holds. */
interface Fragment {
  byte: number;
  /** Start of its first sample, ms from the segment's first video sample (audio may start a little before). */
  ms: number;
  keyframe: boolean;
  /** Its samples' start and end on the media timeline of the recorder's run, seconds (earliest and latest track). */
  sec: number;
  endSec: number;
}

/** The segment's fragments in file order, and its length; none when the init has no video track. */
async function fragments(
  initPath: string,
  segmentPath: string,
): Promise<{ list: Fragment[]; bytes: number }> {
  const [init, seg] = await Promise.all([readFile(initPath), readFile(segmentPath)]);
  const moov = [...children(init, 0)].find((b) => b.type === 'moov');
  const info = moov ? parseInit(moov.data) : undefined;
  const video = info?.video;
  const list: Fragment[] = [];
  if (!info || !video) return { list, bytes: seg.length };
  // Each track counts in its own timescale: times are compared in seconds from the first video decode time.
  let origin: number | undefined;
  let at = 0;
  for (const box of children(seg, 0)) {
    if (box.type === 'moof') {
      const trafs = parseMoof(box.data, info);
      const v = trafs.find((t) => t.trackId === video.id);
      const times = trafs.flatMap((t) => {
        const scale = info.tracks.get(t.trackId)?.timescale ?? 0;
        return scale > 0
          ? [[t.baseDecodeTime / scale, (t.baseDecodeTime + t.duration) / scale] as const]
          : [];
      });
      if (times.length > 0) {
        origin ??= v ? v.baseDecodeTime / video.timescale : undefined;
        const sec = Math.min(...times.map((x) => x[0]));
        const endSec = Math.max(...times.map((x) => x[1]));
        const ms = ((v ? v.baseDecodeTime / video.timescale : sec) - (origin ?? sec)) * 1000;
        list.push({ byte: at, ms, keyframe: !!v?.startsWithSync, sec, endSec });
      }
    }
    at += box.data.length;
  }
  return { list, bytes: seg.length };
}

/**
 * The last keyframe of a recorded segment at or before `offsetMs` into it: its byte offset (the moof that opens
 * it) and its time from the segment's start. A clip copied from there starts at most one keyframe interval
 * before the asked instant, without re-encoding.
 */
export async function keyframeBefore(initPath: string, segmentPath: string, offsetMs: number): Promise<Cut> {
  return startCut((await fragments(initPath, segmentPath)).list, offsetMs);
}

function startCut(list: readonly Fragment[], offsetMs: number): Cut {
  let best: Cut = { byteOffset: 0, offsetMs: 0 };
  for (const f of list) {
    if (f.ms > offsetMs) break;
    if (f.keyframe) best = { byteOffset: f.byte, offsetMs: Math.round(f.ms) };
  }
  return best;
}

/**
 * The cuts of a clip inside one segment: from the keyframe at or before `fromMs` (ms into the segment), and up to
 * the first fragment (of any track) starting at or after `toMs`, so the last frame kept is the one showing `toMs`.
 * `end` is undefined when the segment is kept to its end. Fragments are single frames (the recorder writes one per
 * frame), so the end is exact to a frame.
 */
export async function segmentCuts(
  initPath: string,
  segmentPath: string,
  fromMs: number | undefined,
  toMs: number | undefined,
): Promise<{ start: Cut | undefined; end: Cut | undefined }> {
  const { list } = await fragments(initPath, segmentPath);
  const start = fromMs !== undefined && fromMs > 0 ? startCut(list, fromMs) : undefined;
  const after =
    toMs === undefined ? undefined : list.find((f) => f.ms >= toMs && f.byte > (start?.byteOffset ?? 0));
  return {
    start: start && start.byteOffset > 0 ? start : undefined,
    end: after && { byteOffset: after.byte, offsetMs: Math.round(after.ms) },
  };
}

/**
 * The media an input of the stitcher holds, on its run's timeline: from the first sample at or after `startByte`
 * of its first segment to the end of the last sample before `endByte` (0: the file's end) of its last one, every
 * track counted (audio may start before the video and end after it).
 */
export async function mediaSpan(
  initPath: string,
  head: { path: string; startByte: number },
  tail: { path: string; endByte: number },
): Promise<{ startSec: number; endSec: number }> {
  const [a, b] = await Promise.all([
    fragments(initPath, head.path),
    tail.path === head.path ? undefined : fragments(initPath, tail.path),
  ]);
  const firsts = a.list.filter((f) => f.byte >= head.startByte);
  const lasts = (b ?? a).list.filter((f) => !tail.endByte || f.byte < tail.endByte);
  return {
    startSec: Math.min(...firsts.map((f) => f.sec)),
    endSec: Math.max(...lasts.map((f) => f.endSec)),
  };
}

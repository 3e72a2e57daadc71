import type { SpanReader } from '../live/prebuffer.ts';
import type { FileSpan, TimedFragment } from '../storage/segment-writer.ts';

/**
 * The GOP before a keyframe, kept for the start refinement (decision 0550): a fragment the writer put in a segment
 * file is kept as its place there and read back only when an event needs it (as the live prebuffer does, 0212);
 * bytes are kept only when they are owned already (the keyframe and its follower, copied for the decoder) or have no
 * file behind them (a stream not recorded), copied when borrowed.
 */
export interface GopEntry {
  wallMs: number;
  data: Buffer | undefined;
  at: FileSpan | undefined;
}

/** The fragment's bytes as the caller's own: a copy when borrowed (valid only during the batch, 0212). */
export const ownBytes = (f: TimedFragment): Buffer => (f.borrowed ? Buffer.from(f.data) : f.data);

/** What to keep of f: `own` when the caller already has its bytes, else its place, else its bytes. */
export function gopEntry(f: TimedFragment, at: FileSpan | undefined, own?: Buffer): GopEntry {
  if (own) return { wallMs: f.wallMs, data: own, at };
  if (at) return { wallMs: f.wallMs, data: undefined, at };
  return { wallMs: f.wallMs, data: ownBytes(f), at };
}

/**
 * The GOP's fragments with their bytes, those in files read back (one read per run of adjacent spans of a
 * segment); undefined when one cannot be (the segment is gone: no refinement, the event starts at the keyframe).
 */
export function gopFragments(
  gop: readonly GopEntry[],
  read: SpanReader | undefined,
): { data: Buffer; wallMs: number }[] | undefined {
  const out: { data: Buffer; wallMs: number }[] = [];
  let i = 0;
  while (i < gop.length) {
    const e = gop[i] as GopEntry;
    if (e.data) {
      out.push({ data: e.data, wallMs: e.wallMs });
      i++;
      continue;
    }
    if (!e.at || !read) return undefined;
    // The run of entries without bytes that lie one after another in the same segment.
    let end = i + 1;
    let last = e.at;
    for (; end < gop.length; end++) {
      const next = (gop[end] as GopEntry).at;
      if ((gop[end] as GopEntry).data || !next) break;
      if (next.segment !== last.segment || next.byte !== last.byte + last.length) break;
      last = next;
    }
    const bytes = read(e.at.segment, e.at.byte, last.byte + last.length - e.at.byte);
    if (!bytes) return undefined;
    for (let j = i; j < end; j++) {
      const g = gop[j] as GopEntry;
      const at = g.at as FileSpan;
      out.push({
        data: bytes.subarray(at.byte - e.at.byte, at.byte - e.at.byte + at.length),
        wallMs: g.wallMs,
      });
    }
    i = end;
  }
  return out;
}

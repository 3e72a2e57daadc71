import type { Segment } from '@vigil/recorder';
import type { Run } from './runs.ts';

export interface PlaylistOptions {
  /** The requested range, epoch ms: the player starts at fromMs (EXT-X-START), inside the first segment. */
  fromMs: number;
  /** The URL of a file named in the index (segment or init), as the playlist must write it. */
  fileUrl(relPath: string): string;
  /**
   * The shortest entry a segment is cut into at its keyframes (ms): a seek fetches one entry, so shorter is
   * less to fetch, but a longer playlist. Undefined: whole segments.
   */
  partMinMs?: number | undefined;
}

/** One playlist entry: a whole segment file, or the bytes of one from a keyframe to a later one (or its end). */
export interface Part {
  /** Media ms from the segment's start. */
  offsetMs: number;
  durationMs: number;
  /** Undefined: the whole file. */
  bytes?: { offset: number; length: number } | undefined;
}

/**
 * A segment as playlist entries: cut at its keyframes (each entry starts with one, so a player decodes it alone),
 * none shorter than `minMs` (shorter keyframe intervals are merged into the entry before). The segment whole when
 * its keyframes are not known (indexed before 0510) or it has only the one it opens with.
 */
export function partsOf(s: Segment, minMs: number): Part[] {
  const durationMs = s.endMs - s.startMs;
  const cuts = [{ ms: 0, byte: 0 }];
  for (const k of s.keyframes ?? []) {
    const last = cuts.at(-1) as { ms: number; byte: number };
    // Each entry at least minMs, the last one too; offsets inside the file.
    if (k.ms - last.ms >= minMs && durationMs - k.ms >= minMs && k.byte > last.byte && k.byte < s.bytes)
      cuts.push(k);
  }
  if (cuts.length === 1) return [{ offsetMs: 0, durationMs }];
  return cuts.map((c, i) => {
    const next = cuts[i + 1] ?? { ms: durationMs, byte: s.bytes };
    return {
      offsetMs: c.ms,
      durationMs: next.ms - c.ms,
      bytes: { offset: c.byte, length: next.byte - c.byte },
    };
  });
}

const seconds = (ms: number): string => (ms / 1000).toFixed(3);

/**
 * An HLS VOD playlist (RFC 8216, version 7: fMP4 with EXT-X-MAP) of recorded segments: the segment files as they
 * are on disk, never remuxed, each whole or as byte ranges from one keyframe to the next (EXT-X-BYTERANGE), so a
 * seek fetches one keyframe interval. Each run opens with a discontinuity (its timestamps restart), its init
 * segment (EXT-X-MAP, when it differs from the run before) and its wall-clock start (EXT-X-PROGRAM-DATE-TIME, which players use to map media time back
 * to the clock); gaps between runs are simply left out, so playback goes straight across them.
 */
export function hlsPlaylist(runs: readonly Run[], o: PlaylistOptions): string {
  const body: string[] = [];
  let longest = 1;
  for (const [i, run] of runs.entries()) {
    if (i > 0) body.push('#EXT-X-DISCONTINUITY');
    // A map holds until the next one (RFC 8216 §4.3.2.5): repeated only when the init changes, so a player
    // fetches it once for the runs that share it (not again at each seek into another run).
    if (run.initPath !== runs[i - 1]?.initPath) body.push(`#EXT-X-MAP:URI="${o.fileUrl(run.initPath)}"`);
    let previous: Segment | undefined;
    for (const s of run.segments) {
      // Also where a run has a small hole (the recorder's clock mapping moved): the clock stays exact.
      if (s.startMs !== previous?.endMs)
        body.push(`#EXT-X-PROGRAM-DATE-TIME:${new Date(s.startMs).toISOString()}`);
      previous = s;
      const url = o.fileUrl(s.path);
      if (o.partMinMs === undefined) {
        longest = Math.max(longest, s.endMs - s.startMs);
        body.push(`#EXTINF:${seconds(s.endMs - s.startMs)},\n${url}`);
        continue;
      }
      for (const p of partsOf(s, o.partMinMs)) {
        longest = Math.max(longest, p.durationMs);
        // One line per entry (a day is ~44 000 of them). A range continuing the previous one in the same file
        // leaves its offset out (RFC 8216 §4.3.2.2).
        const range = !p.bytes ? '' : `\n#EXT-X-BYTERANGE:${p.bytes.length}${p.offsetMs === 0 ? '@0' : ''}`;
        body.push(`#EXTINF:${seconds(p.durationMs)},${range}\n${url}`);
      }
    }
  }
  const first = runs[0]?.segments[0];
  const head = [
    '#EXTM3U',
    '#EXT-X-VERSION:7',
    `#EXT-X-TARGETDURATION:${Math.ceil(longest / 1000)}`,
    '#EXT-X-PLAYLIST-TYPE:VOD',
    '#EXT-X-MEDIA-SEQUENCE:0',
    '#EXT-X-INDEPENDENT-SEGMENTS',
  ];
  if (first && o.fromMs > first.startMs)
    head.push(`#EXT-X-START:TIME-OFFSET=${seconds(o.fromMs - first.startMs)},PRECISE=YES`);
  return `${head.join('\n')}\n${body.join('\n')}\n#EXT-X-ENDLIST\n`;
}

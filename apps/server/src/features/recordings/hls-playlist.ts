import type { Run } from './runs.ts';

export interface PlaylistOptions {
  /** The requested range, epoch ms: the player starts at fromMs (EXT-X-START), inside the first segment. */
  fromMs: number;
  /** The URL of a file named in the index (segment or init), as the playlist must write it. */
  fileUrl(relPath: string): string;
}

const seconds = (ms: number): string => (ms / 1000).toFixed(3);

/**
 * An HLS VOD playlist (RFC 8216, version 7: fMP4 with EXT-X-MAP) of whole recorded segments: the segment files as
 * they are on disk, never remuxed. Each run opens with a discontinuity (its timestamps restart), its init segment
 * (EXT-X-MAP) and its wall-clock start (EXT-X-PROGRAM-DATE-TIME, which players use to map media time back to the
 * clock); gaps between runs are simply left out, so playback goes straight across them.
 */
export function hlsPlaylist(runs: readonly Run[], o: PlaylistOptions): string {
  const segments = runs.flatMap((r) => r.segments);
  const longest = Math.max(1, ...segments.map((s) => s.endMs - s.startMs));
  const first = segments[0];
  const lines = [
    '#EXTM3U',
    '#EXT-X-VERSION:7',
    `#EXT-X-TARGETDURATION:${Math.ceil(longest / 1000)}`,
    '#EXT-X-PLAYLIST-TYPE:VOD',
    '#EXT-X-MEDIA-SEQUENCE:0',
    '#EXT-X-INDEPENDENT-SEGMENTS',
  ];
  if (first && o.fromMs > first.startMs)
    lines.push(`#EXT-X-START:TIME-OFFSET=${seconds(o.fromMs - first.startMs)},PRECISE=YES`);
  for (const [i, run] of runs.entries()) {
    if (i > 0) lines.push('#EXT-X-DISCONTINUITY');
    lines.push(`#EXT-X-MAP:URI="${o.fileUrl(run.initPath)}"`);
    for (const [j, s] of run.segments.entries()) {
      // Also where a run has a small hole (the recorder's clock mapping moved): the clock stays exact.
      if (j === 0 || s.startMs !== run.segments[j - 1]?.endMs)
        lines.push(`#EXT-X-PROGRAM-DATE-TIME:${new Date(s.startMs).toISOString()}`);
      lines.push(`#EXTINF:${seconds(s.endMs - s.startMs)},`, o.fileUrl(s.path));
    }
  }
  lines.push('#EXT-X-ENDLIST', '');
  return lines.join('\n');
}

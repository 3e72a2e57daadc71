import type { PackagerTiming, PackagerView } from './packager.ts';

export interface LivePlaylistUrls {
  init(initId: number): string;
  segment(msn: number): string;
  part(msn: number, index: number): string;
}

/** Complete segments older than this many target durations from the end lose their EXT-X-PART lines. */
const PART_LINES_FOR_TARGETS = 3;

const sec = (ms: number): string => (ms / 1000).toFixed(3);

/** EXT-X-TARGETDURATION: a segment is cut at the first part boundary past maxSegmentMs, so it is at most a part longer. */
export const targetDurationSec = (t: PackagerTiming): number =>
  Math.ceil((t.maxSegmentMs + t.partTargetMs) / 1000);

/**
 * A live LL-HLS media playlist (RFC 8216bis, version 9: fMP4 with EXT-X-MAP, partial segments, blocking reload)
 * of the packager's window: complete segments, the parts of the last few and of the one being made, and a preload
 * hint for the next part. Players without low-latency support read only the complete segments.
 */
export function livePlaylist(view: PackagerView, timing: PackagerTiming, urls: LivePlaylistUrls): string {
  const targetSec = targetDurationSec(timing);
  const partTarget = timing.partTargetMs / 1000;
  const first = view.segments[0];
  const lines = [
    '#EXTM3U',
    '#EXT-X-VERSION:9',
    `#EXT-X-TARGETDURATION:${targetSec}`,
    // Hold-backs: three part targets behind the live edge in low-latency mode, three target durations otherwise.
    `#EXT-X-SERVER-CONTROL:CAN-BLOCK-RELOAD=YES,PART-HOLD-BACK=${(3 * partTarget).toFixed(3)},HOLD-BACK=${3 * targetSec}`,
    `#EXT-X-PART-INF:PART-TARGET=${partTarget.toFixed(3)}`,
    `#EXT-X-MEDIA-SEQUENCE:${first?.msn ?? view.next.msn}`,
    `#EXT-X-DISCONTINUITY-SEQUENCE:${view.discontinuitySequence}`,
  ];
  // Parts are listed for the segments within the last few target durations (the spec's SHOULD).
  let fromEndMs = 0;
  let partsFrom = view.segments.length;
  for (let i = view.segments.length - 1; i >= 0; i--) {
    if (fromEndMs > PART_LINES_FOR_TARGETS * targetSec * 1000) break;
    fromEndMs += view.segments[i]?.durationMs ?? 0;
    partsFrom = i;
  }
  let initId: number | undefined;
  for (const [i, s] of view.segments.entries()) {
    if (s.discontinuity) lines.push('#EXT-X-DISCONTINUITY');
    if (s.initId !== initId) {
      initId = s.initId;
      lines.push(`#EXT-X-MAP:URI="${urls.init(s.initId)}"`);
    }
    lines.push(`#EXT-X-PROGRAM-DATE-TIME:${new Date(s.wallMs).toISOString()}`);
    if (i >= partsFrom)
      for (const [j, p] of s.parts.entries())
        lines.push(
          `#EXT-X-PART:DURATION=${sec(p.durationMs)},URI="${urls.part(s.msn, j)}"${p.independent ? ',INDEPENDENT=YES' : ''}`,
        );
    if (s.complete) lines.push(`#EXTINF:${sec(s.durationMs)},`, urls.segment(s.msn));
  }
  if (view.segments.length > 0 || view.next.part > 0)
    lines.push(`#EXT-X-PRELOAD-HINT:TYPE=PART,URI="${urls.part(view.next.msn, view.next.part)}"`);
  lines.push('');
  return lines.join('\n');
}

/** A progressive playlist always names this many segments: Chromium's native player refuses fewer. */
const PROGRESSIVE_SEGMENTS = 3;

/**
 * The same window for players without low-latency HLS that read segments progressively (Chromium's native
 * player): the newest complete segment, the one being made and the next ones, each with its expected duration,
 * so that the player's queue never runs dry; their URLs are answered as the frames arrive (chunked transfer),
 * which is where the low latency comes from. Version 7 (fMP4), no partial segments.
 */
export function progressivePlaylist(
  view: PackagerView,
  timing: PackagerTiming,
  urls: LivePlaylistUrls,
): string {
  const targetSec = targetDurationSec(timing);
  const complete = view.segments.filter((s) => s.complete);
  const expectedMs = complete.at(-1)?.durationMs ?? timing.maxSegmentMs;
  const open = view.segments.find((s) => !s.complete);
  const listed = [...complete.slice(-1), ...(open ? [open] : [])];
  const firstFuture = open ? open.msn + 1 : view.next.msn;
  const futures = Math.max(1, PROGRESSIVE_SEGMENTS - listed.length);
  const lines = [
    '#EXTM3U',
    '#EXT-X-VERSION:7',
    `#EXT-X-TARGETDURATION:${targetSec}`,
    `#EXT-X-MEDIA-SEQUENCE:${listed[0]?.msn ?? firstFuture}`,
    `#EXT-X-DISCONTINUITY-SEQUENCE:${view.discontinuitySequence + skippedDiscontinuities(view, listed[0]?.msn)}`,
  ];
  let initId: number | undefined;
  for (const s of listed) {
    if (s.discontinuity && initId !== undefined) lines.push('#EXT-X-DISCONTINUITY');
    if (s.initId !== initId) {
      initId = s.initId;
      lines.push(`#EXT-X-MAP:URI="${urls.init(s.initId)}"`);
    }
    lines.push(`#EXTINF:${sec(s.complete ? s.durationMs : expectedMs)},`, urls.segment(s.msn));
  }
  if (initId === undefined) lines.push(`#EXT-X-MAP:URI="${urls.init(view.initId)}"`);
  for (let i = 0; i < futures; i++) lines.push(`#EXTINF:${sec(expectedMs)},`, urls.segment(firstFuture + i));
  lines.push('');
  return lines.join('\n');
}

/** Discontinuities of the window up to the first listed segment, which the progressive playlist leaves out. */
function skippedDiscontinuities(view: PackagerView, firstMsn: number | undefined): number {
  if (firstMsn === undefined) return view.segments.filter((s) => s.discontinuity).length;
  return view.segments.filter((s) => s.discontinuity && s.msn <= firstMsn).length;
}

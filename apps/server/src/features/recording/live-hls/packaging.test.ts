import { describe, expect, it } from 'vitest';
import { LiveGrants } from './grants.ts';
import { type LiveFrame, LiveHlsPackager } from './packager.ts';
import { livePlaylist, progressivePlaylist } from './playlist.ts';

const T0 = Date.UTC(2026, 10, 21, 12, 0, 0);
const timing = { partTargetMs: 334, maxSegmentMs: 600, windowMs: 2000 };
const urls = {
  init: (id: number) => `f/init-${id}.mp4`,
  segment: (n: number) => `f/${n}.m4s`,
  part: (n: number, i: number) => `f/${n}.${i}.m4s`,
};

/** Feeds `n` frames of a 10 fps camera with a keyframe every `gop` frames, starting at frame `from`. */
function feed(p: LiveHlsPackager, n: number, gop = 20, from = 0): void {
  for (let i = from; i < from + n; i++) {
    const f: LiveFrame = {
      data: Buffer.from(`f${i};`),
      keyframe: i % gop === 0,
      durationMs: 100,
      wallMs: T0 + i * 100,
    };
    p.push(f);
  }
}

function started(t = timing): LiveHlsPackager {
  const p = new LiveHlsPackager(t);
  p.setInit(Buffer.from('init'), 'video/mp4; codecs="avc1.64001f"');
  return p;
}

describe('LiveHlsPackager', () => {
  it('makes parts of three 100 ms frames and cuts segments after two parts or at a keyframe', () => {
    const p = started();
    feed(p, 25, 10);
    const { segments, next } = p.view();
    expect(segments.map((s) => [s.msn, s.parts.map((x) => x.durationMs), s.complete])).toEqual([
      [0, [300, 300], true],
      [1, [300, 100], true], // the keyframe at frame 10 closes it early
      [2, [300, 300], true],
      [3, [300, 100], true],
      [4, [300], false],
    ]);
    expect(segments.map((s) => s.parts[0]?.independent)).toEqual([true, false, true, false, true]);
    expect(p.part(0, 1)?.data.toString()).toBe('f3;f4;f5;');
    expect(p.segment(1)?.toString()).toBe('f6;f7;f8;f9;');
    expect(p.segment(4)).toBeUndefined();
    expect(p.segmentSoFar(4)?.data.map(String).join('')).toBe('f20;f21;f22;f23;f24;');
    expect(next).toEqual({ msn: 4, part: 1 });
    expect(segments[2]?.wallMs).toBe(T0 + 1000);
  });

  it('waits for a keyframe after an init, and starts over after a discontinuity when the stream restarts', () => {
    const p = started();
    feed(p, 5, 20, 15); // frames 15..19: no keyframe yet
    expect(p.view().segments).toEqual([]);
    feed(p, 6, 20, 20);
    p.setInit(Buffer.from('init2'), 'video/mp4');
    feed(p, 6, 20, 0);
    const s = p.view().segments;
    expect(s.map((x) => [x.msn, x.initId, x.discontinuity])).toEqual([
      [0, 0, false],
      [1, 1, true],
    ]);
    expect(p.init(0)).toBeUndefined();
    expect(p.init(1)?.toString()).toBe('init2');
  });

  it('keeps a sliding window of windowMs and counts discontinuities that slid out', () => {
    const p = started();
    feed(p, 6);
    p.setInit(Buffer.from('init2'), 'video/mp4');
    feed(p, 60);
    const v = p.view();
    expect(v.segments[0]?.msn).toBeGreaterThan(1);
    expect(v.discontinuitySequence).toBe(1);
    const complete = v.segments.filter((s) => s.complete).reduce((n, s) => n + s.durationMs, 0);
    expect(complete).toBeGreaterThanOrEqual(timing.windowMs);
    expect(complete - (v.segments[0]?.durationMs ?? 0)).toBeLessThan(timing.windowMs);
    expect(p.gone(0)).toBe(true);
  });

  it('answers blocking requests when the part exists; a part past a segment means the next one', () => {
    const p = started();
    feed(p, 4);
    expect(p.ready(0, 0)).toBe(true);
    expect(p.ready(0, 1)).toBe(false);
    expect(p.ready(0)).toBe(false);
    feed(p, 2, 20, 4);
    expect(p.ready(0)).toBe(true);
    expect(p.ready(0, 2)).toBe(false); // segment 0 has two parts: part 2 is segment 1's first
    feed(p, 3, 20, 6);
    expect(p.ready(0, 2)).toBe(true);
    let calls = 0;
    const off = p.onChange(() => calls++);
    feed(p, 1, 20, 9);
    off();
    feed(p, 1, 20, 10);
    expect(calls).toBe(1);
  });
});

describe('live playlists', () => {
  it('writes LL-HLS: server control, part target, map, date-times, parts and the preload hint', () => {
    const p = started();
    feed(p, 10);
    expect(livePlaylist(p.view(), timing, urls)).toBe(
      [
        '#EXTM3U',
        '#EXT-X-VERSION:9',
        '#EXT-X-TARGETDURATION:1',
        '#EXT-X-SERVER-CONTROL:CAN-BLOCK-RELOAD=YES,PART-HOLD-BACK=1.002,HOLD-BACK=3',
        '#EXT-X-PART-INF:PART-TARGET=0.334',
        '#EXT-X-MEDIA-SEQUENCE:0',
        '#EXT-X-DISCONTINUITY-SEQUENCE:0',
        '#EXT-X-MAP:URI="f/init-0.mp4"',
        '#EXT-X-PROGRAM-DATE-TIME:2026-11-21T12:00:00.000Z',
        '#EXT-X-PART:DURATION=0.300,URI="f/0.0.m4s",INDEPENDENT=YES',
        '#EXT-X-PART:DURATION=0.300,URI="f/0.1.m4s"',
        '#EXTINF:0.600,',
        'f/0.m4s',
        '#EXT-X-PROGRAM-DATE-TIME:2026-11-21T12:00:00.600Z',
        '#EXT-X-PART:DURATION=0.300,URI="f/1.0.m4s"',
        '#EXT-X-PRELOAD-HINT:TYPE=PART,URI="f/1.1.m4s"',
        '',
      ].join('\n'),
    );
  });

  it('lists parts only near the live edge, and a new init after a discontinuity', () => {
    const wide = { ...timing, windowMs: 6000 };
    const p = started(wide);
    feed(p, 12);
    p.setInit(Buffer.from('init2'), 'video/mp4');
    feed(p, 60);
    const text = livePlaylist(p.view(), wide, urls);
    const lines = text.split('\n');
    const firstPart = lines.findIndex((l) => l.startsWith('#EXT-X-PART:'));
    const firstSegment = lines.findIndex((l) => l.startsWith('#EXTINF'));
    expect(firstSegment).toBeLessThan(firstPart); // the oldest segments have no part lines
    expect(text).toContain('#EXT-X-MAP:URI="f/init-1.mp4"');
  });

  it('writes the progressive playlist: the newest complete segment, the open one and the next', () => {
    const p = started();
    feed(p, 10);
    expect(progressivePlaylist(p.view(), timing, urls)).toBe(
      [
        '#EXTM3U',
        '#EXT-X-VERSION:7',
        '#EXT-X-TARGETDURATION:1',
        '#EXT-X-MEDIA-SEQUENCE:0',
        '#EXT-X-DISCONTINUITY-SEQUENCE:0',
        '#EXT-X-MAP:URI="f/init-0.mp4"',
        '#EXTINF:0.600,',
        'f/0.m4s',
        '#EXTINF:0.600,',
        'f/1.m4s',
        '#EXTINF:0.600,',
        'f/2.m4s',
        '',
      ].join('\n'),
    );
    // At the very start: the open segment and two to come (Chromium refuses a live playlist of fewer than three).
    const q = started();
    feed(q, 2);
    expect(progressivePlaylist(q.view(), timing, urls).match(/\.m4s/g)).toHaveLength(3);
  });
});

describe('LiveGrants', () => {
  it('accepts its own grant for the same stream until it expires, and nothing else', () => {
    const grants = new LiveGrants('a secret of at least thirty-two characters');
    const now = T0 + 12_345;
    const g = grants.issue('u.c', 'main', now);
    expect(grants.valid(g, 'u.c', 'main', now)).toBe(true);
    expect(grants.valid(g, 'u.c', 'main', now + 60_000)).toBe(true);
    expect(grants.valid(g, 'u.c', 'main', now + 121_000)).toBe(false);
    expect(grants.valid(g, 'u.c', 'sd', now)).toBe(false);
    expect(grants.valid(g, 'u.d', 'main', now)).toBe(false);
    const sig = g.indexOf('.') + 1;
    const forged = `${g.slice(0, sig)}${g[sig] === 'A' ? 'B' : 'A'}${g.slice(sig + 1)}`;
    expect(grants.valid(forged, 'u.c', 'main', now)).toBe(false);
    // Stable within the minute: a preload hint's URL stays the part's URL.
    expect(grants.issue('u.c', 'main', now + 1000)).toBe(g);
    expect(new LiveGrants('another secret of thirty-two characters').valid(g, 'u.c', 'main', now)).toBe(
      false,
    );
  });
});

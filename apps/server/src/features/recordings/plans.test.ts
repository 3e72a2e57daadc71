import type { Segment } from '@vigil/recorder';
import { describe, expect, it } from 'vitest';
import { redactRequestUrl } from '../../http/log-redaction.ts';
import { byteRange } from './byte-range.ts';
import { type ExportInput, exportInputs, exportPlan } from './export-args.ts';
import { FileGrants } from './file-grants.ts';
import { hlsPlaylist, partsOf } from './hls-playlist.ts';
import { checkRange } from './range.ts';
import { splitRuns } from './runs.ts';
import { stillArgs } from './still-args.ts';

const T0 = Date.UTC(2026, 10, 21, 12, 0, 0);
let n = 0;
function seg(startMs: number, endMs: number, init = 'c.1/main/init-aa.mp4'): Segment {
  n += 1;
  return {
    id: String(n),
    uidd: 'c.1',
    stream: 'main',
    startMs,
    endMs,
    bytes: 1000,
    path: `c.1/main/2026-11-21/${startMs}.aa.m4s`,
    initPath: init,
    codec: 'avc1.64001f',
  } as Segment;
}
/** Two runs of 4 s segments: 12 s, a 10 s outage, then 8 s with another init. */
const SEGS = [
  seg(T0, T0 + 4000),
  seg(T0 + 4000, T0 + 8000),
  seg(T0 + 8000, T0 + 12_000),
  seg(T0 + 22_000, T0 + 26_000, 'c.1/main/init-bb.mp4'),
  seg(T0 + 26_000, T0 + 30_000, 'c.1/main/init-bb.mp4'),
];

describe('splitRuns', () => {
  it('splits at gaps and init changes, not at back-to-back segments or sub-second holes', () => {
    expect(splitRuns(SEGS).map((r) => [r.startMs - T0, r.endMs - T0, r.segments.length])).toEqual([
      [0, 12_000, 3],
      [22_000, 30_000, 2],
    ]);
    expect(splitRuns([seg(T0, T0 + 4000), seg(T0 + 4500, T0 + 8000)])).toHaveLength(1);
    expect(splitRuns([seg(T0, T0 + 4000), seg(T0 + 4000, T0 + 8000, 'c.1/main/init-cc.mp4')])).toHaveLength(
      2,
    );
    expect(splitRuns([])).toEqual([]);
    // A new ffmpeg run of the recorder restarts its timestamps, however short the gap.
    expect(splitRuns([seg(T0, T0 + 4000), { ...seg(T0 + 4300, T0 + 8000), runStart: true }])).toHaveLength(2);
  });
});

describe('hlsPlaylist', () => {
  it('writes whole segments, a map and a clock per run, a discontinuity between runs and the start offset', () => {
    const text = hlsPlaylist(splitRuns(SEGS), { fromMs: T0 + 2500, fileUrl: (p) => `f/g/${p}` });
    expect(text.split('\n')).toEqual([
      '#EXTM3U',
      '#EXT-X-VERSION:7',
      '#EXT-X-TARGETDURATION:4',
      '#EXT-X-PLAYLIST-TYPE:VOD',
      '#EXT-X-MEDIA-SEQUENCE:0',
      '#EXT-X-INDEPENDENT-SEGMENTS',
      '#EXT-X-START:TIME-OFFSET=2.500,PRECISE=YES',
      '#EXT-X-MAP:URI="f/g/c.1/main/init-aa.mp4"',
      '#EXT-X-PROGRAM-DATE-TIME:2026-11-21T12:00:00.000Z',
      '#EXTINF:4.000,',
      `f/g/c.1/main/2026-11-21/${T0}.aa.m4s`,
      '#EXTINF:4.000,',
      `f/g/c.1/main/2026-11-21/${T0 + 4000}.aa.m4s`,
      '#EXTINF:4.000,',
      `f/g/c.1/main/2026-11-21/${T0 + 8000}.aa.m4s`,
      '#EXT-X-DISCONTINUITY',
      '#EXT-X-MAP:URI="f/g/c.1/main/init-bb.mp4"',
      '#EXT-X-PROGRAM-DATE-TIME:2026-11-21T12:00:22.000Z',
      '#EXTINF:4.000,',
      `f/g/c.1/main/2026-11-21/${T0 + 22_000}.aa.m4s`,
      '#EXTINF:4.000,',
      `f/g/c.1/main/2026-11-21/${T0 + 26_000}.aa.m4s`,
      '#EXT-X-ENDLIST',
      '',
    ]);
  });

  it('names an init once for the runs that share it (a player fetches it once)', () => {
    const shared = [
      seg(T0, T0 + 4000),
      seg(T0 + 20_000, T0 + 24_000),
      seg(T0 + 40_000, T0 + 44_000, 'c.1/main/init-bb.mp4'),
    ];
    const lines = hlsPlaylist(splitRuns(shared), { fromMs: T0, fileUrl: (p) => p }).split('\n');
    expect(lines.filter((l) => l === '#EXT-X-DISCONTINUITY')).toHaveLength(2);
    expect(lines.filter((l) => l.startsWith('#EXT-X-MAP:'))).toEqual([
      '#EXT-X-MAP:URI="c.1/main/init-aa.mp4"',
      '#EXT-X-MAP:URI="c.1/main/init-bb.mp4"',
    ]);
    // The second run's clock follows its discontinuity directly.
    expect(lines[lines.indexOf('#EXT-X-DISCONTINUITY') + 1]).toBe(
      '#EXT-X-PROGRAM-DATE-TIME:2026-11-21T12:00:20.000Z',
    );
  });

  it('rounds the target duration up, and keeps the clock exact across a small hole inside a run', () => {
    const text = hlsPlaylist(splitRuns([seg(T0, T0 + 4200), seg(T0 + 4500, T0 + 8000)]), {
      fromMs: T0,
      fileUrl: (p) => p,
    });
    expect(text).toContain('#EXT-X-TARGETDURATION:5');
    expect(text).not.toContain('#EXT-X-START');
    expect(text).not.toContain('#EXT-X-DISCONTINUITY');
    expect(text).toContain('#EXT-X-PROGRAM-DATE-TIME:2026-11-21T12:00:04.500Z');
  });
});

describe('partsOf', () => {
  const keyed = (keyframes: Segment['keyframes'], endMs = T0 + 4000, bytes = 4000): Segment => ({
    ...seg(T0, endMs),
    bytes,
    keyframes,
  });

  it('cuts a segment at its keyframes into byte ranges that cover the file exactly', () => {
    const parts = partsOf(
      keyed([
        { ms: 1000, byte: 900 },
        { ms: 2000, byte: 2100 },
        { ms: 3000, byte: 3000 },
      ]),
      900,
    );
    expect(parts).toEqual([
      { offsetMs: 0, durationMs: 1000, bytes: { offset: 0, length: 900 } },
      { offsetMs: 1000, durationMs: 1000, bytes: { offset: 900, length: 1200 } },
      { offsetMs: 2000, durationMs: 1000, bytes: { offset: 2100, length: 900 } },
      { offsetMs: 3000, durationMs: 1000, bytes: { offset: 3000, length: 1000 } },
    ]);
  });

  it('merges keyframe intervals shorter than the minimum, the last one too', () => {
    const k = [
      { ms: 1000, byte: 900 },
      { ms: 2000, byte: 2100 },
      { ms: 3000, byte: 3000 },
    ];
    expect(partsOf(keyed(k), 1900).map((p) => [p.offsetMs, p.durationMs, p.bytes?.offset])).toEqual([
      [0, 2000, 0],
      [2000, 2000, 2100],
    ]);
    // 3.5 s: a cut at 2 s would leave 1.5 s; one at 1 s is too short itself.
    expect(partsOf(keyed(k, T0 + 3500), 1900)).toEqual([{ offsetMs: 0, durationMs: 3500 }]);
  });

  it('keeps a segment whole when its keyframes are not known, or it has one, or they are not inside it', () => {
    expect(partsOf(keyed(undefined), 900)).toEqual([{ offsetMs: 0, durationMs: 4000 }]);
    expect(partsOf(keyed([]), 900)).toEqual([{ offsetMs: 0, durationMs: 4000 }]);
    expect(partsOf(keyed([{ ms: 2000, byte: 4000 }]), 900)).toEqual([{ offsetMs: 0, durationMs: 4000 }]);
  });
});

describe('hlsPlaylist with keyframes', () => {
  it('names byte ranges of the same file, and whole files for segments without keyframes', () => {
    const a = { ...seg(T0, T0 + 4000), bytes: 5000, keyframes: [{ ms: 2000, byte: 2600 }] };
    const b = seg(T0 + 4000, T0 + 8000);
    const text = hlsPlaylist(splitRuns([a, b]), { fromMs: T0, partMinMs: 1900, fileUrl: (p) => `f/g/${p}` });
    expect(text.split('\n').slice(6)).toEqual([
      '#EXT-X-MAP:URI="f/g/c.1/main/init-aa.mp4"',
      '#EXT-X-PROGRAM-DATE-TIME:2026-11-21T12:00:00.000Z',
      '#EXTINF:2.000,',
      '#EXT-X-BYTERANGE:2600@0',
      `f/g/c.1/main/2026-11-21/${T0}.aa.m4s`,
      '#EXTINF:2.000,',
      '#EXT-X-BYTERANGE:2400',
      `f/g/c.1/main/2026-11-21/${T0}.aa.m4s`,
      '#EXTINF:4.000,',
      `f/g/c.1/main/2026-11-21/${T0 + 4000}.aa.m4s`,
      '#EXT-X-ENDLIST',
      '',
    ]);
    expect(text).toContain('#EXT-X-TARGETDURATION:4');
    // Without a minimum, whole segments as before.
    expect(hlsPlaylist(splitRuns([a, b]), { fromMs: T0, fileUrl: (p) => p })).not.toContain('BYTERANGE');
  });
});

describe('byteRange', () => {
  it('reads one range of a Range header against the file size', () => {
    expect(byteRange('bytes=0-99', 1000)).toEqual({ start: 0, end: 99 });
    expect(byteRange('bytes=900-', 1000)).toEqual({ start: 900, end: 999 });
    expect(byteRange('bytes=900-5000', 1000)).toEqual({ start: 900, end: 999 });
    expect(byteRange('bytes=-100', 1000)).toEqual({ start: 900, end: 999 });
    expect(byteRange('bytes=-5000', 1000)).toEqual({ start: 0, end: 999 });
  });

  it('sends the whole file for no, malformed or several ranges; 416 past the end', () => {
    for (const h of [
      undefined,
      '',
      'bytes=',
      'bytes=-',
      'items=0-1',
      'bytes=5-1',
      'bytes=0-1,5-9',
      'bytes=a-b',
    ])
      expect(byteRange(h, 1000), String(h)).toBeUndefined();
    expect(byteRange('bytes=1000-', 1000)).toBe('unsatisfiable');
    expect(byteRange('bytes=-0', 1000)).toBe('unsatisfiable');
  });
});

describe('exportInputs and exportPlan', () => {
  const dir = '/data/recordings';
  const f = (t: number) => `${dir}/c.1/main/2026-11-21/${t}.aa.m4s`;
  /** Measured as if each input's media ran from 100 s on its run's timeline, as long as its wall clock says. */
  const measure = (inputs: ExportInput[], startSec = 100) =>
    inputs.map((i) => ({ ...i, media: { startSec, endSec: startSec + (i.endMs - i.startMs) / 1000 } }));

  it('cuts the first segment at its keyframe and the last at the end of the range, in bytes', () => {
    const inputs = exportInputs({
      runs: splitRuns(SEGS),
      start: { byteOffset: 1234, offsetMs: 2000 },
      end: { byteOffset: 800, offsetMs: 2500 },
    });
    expect(
      inputs.map((i) => [i.segments.length, i.startByte, i.endByte, i.startMs - T0, i.endMs - T0, i.endsRun]),
    ).toEqual([
      [3, 1234, 0, 2000, 12_000, true],
      [2, 0, 800, 0 + 22_000, 28_500, true],
    ]);
    const plan = exportPlan({ inputs: measure(inputs), format: 'fmp4', padding: false, recordingsDir: dir });
    expect(plan.concatList.split('\n')).toEqual([
      'ffconcat version 1.0',
      `file 'concat:${dir}/c.1/main/init-aa.mp4|subfile,,start,1234,end,0,,:${f(T0)}|${f(T0 + 4000)}|${f(T0 + 8000)}'`,
      'duration 10.000000',
      `file 'concat:${dir}/c.1/main/init-bb.mp4|${f(T0 + 22_000)}|subfile,,start,0,end,800,,:${f(T0 + 26_000)}'`,
      'duration 6.500000',
      '',
    ]);
    expect(plan.durationSec).toBe(16.5);
    // No duration limit: ffmpeg's counts from the run's timestamps, not the clip's.
    expect(plan.args.join(' ')).toBe(
      '-hide_banner -nostdin -nostats -loglevel error -y -nofind_stream_info -protocol_whitelist file,pipe,concat,subfile -f concat -safe 0 ' +
        '-i pipe:0 -map 0:v:0 -map 0:a:0? -c copy -f mp4 -movflags +frag_keyframe+empty_moov+default_base_moof pipe:1',
    );
  });

  it('cuts both ends of a range inside one segment', () => {
    const one = exportInputs({
      runs: splitRuns([seg(T0, T0 + 4000)]),
      start: { byteOffset: 500, offsetMs: 1000 },
      end: { byteOffset: 900, offsetMs: 3000 },
    });
    const plan = exportPlan({ inputs: measure(one), format: 'mpegts', padding: false, recordingsDir: dir });
    expect(plan.concatList).toBe('');
    expect(plan.args.slice(7, 10)).toEqual(['-protocol_whitelist', 'file,concat,subfile', '-i']);
    expect(plan.args[10]).toBe(`concat:${dir}/c.1/main/init-aa.mp4|subfile,,start,500,end,900,,:${f(T0)}`);
    expect(plan.args.slice(-3)).toEqual(['-f', 'mpegts', 'pipe:1']);
    expect(plan.durationSec).toBe(2);
  });

  it('continues a run split into inputs on its own timeline: each lasts until the next one starts', () => {
    const long = Array.from({ length: 6 }, (_, i) => seg(T0 + i * 4000, T0 + (i + 1) * 4000));
    const inputs = exportInputs({ runs: splitRuns(long), firstInputSegments: 2, maxSegmentsPerInput: 3 });
    expect(inputs.map((i) => [i.segments.length, i.endsRun])).toEqual([
      [2, false],
      [3, false],
      [1, true],
    ]);
    // The audio of each input starts 30 ms before its video (as the bytes say): the gaps follow the media.
    const measured = inputs.map((i, k) => ({
      ...i,
      media: { startSec: [99.97, 107.97, 119.97][k]!, endSec: [108, 120, 124.01][k]! },
    }));
    const plan = exportPlan({ inputs: measured, format: 'fmp4', padding: false, recordingsDir: dir });
    expect(plan.concatList.split('\n').filter((l) => l.startsWith('duration'))).toEqual([
      'duration 8.000000',
      'duration 12.000000',
      'duration 4.040000',
    ]);
  });

  it('joins runs end to end, or with padding places each at its own time', () => {
    const inputs = measure(
      exportInputs({ runs: splitRuns(SEGS), start: { byteOffset: 1234, offsetMs: 2000 } }),
    );
    const joined = exportPlan({ inputs, format: 'fmp4', padding: false, recordingsDir: dir });
    expect(joined.concatList).toContain('\nduration 10.000000\n');
    expect(joined.durationSec).toBe(18);
    // Padding: the first run lasts from its keyframe (2 s in) until the second starts (22 s).
    const padded = exportPlan({ inputs, format: 'mpegts', padding: true, recordingsDir: dir });
    expect(padded.concatList).toContain('\nduration 20.000000\n');
    expect(padded.durationSec).toBe(28);
  });

  it('splits a long run into inputs of at most N segments, and refuses paths it cannot quote', () => {
    const long = Array.from({ length: 5 }, (_, i) => seg(T0 + i * 4000, T0 + (i + 1) * 4000));
    const inputs = exportInputs({ runs: splitRuns(long), maxSegmentsPerInput: 2 });
    expect(inputs.map((i) => i.segments.length)).toEqual([2, 2, 1]);
    const plan = exportPlan({ inputs: measure(inputs), format: 'fmp4', padding: false, recordingsDir: dir });
    expect(plan.concatList.match(/^file /gm)).toHaveLength(3);
    const bad = { ...seg(T0, T0 + 1000), path: "c.1/main/x'|y.m4s" };
    expect(() =>
      exportPlan({
        inputs: measure(exportInputs({ runs: splitRuns([bad]) })),
        format: 'fmp4',
        padding: false,
        recordingsDir: dir,
      }),
    ).toThrow(/unsafe path/);
    expect(() => exportInputs({ runs: [] })).toThrow(/nothing to export/);
  });
});

describe('checkRange', () => {
  const now = T0 + 3600_000;
  const s = (ms: number) => ms / 1000;
  it('refuses reversed, too long and future ranges; cuts an end in the future to now', () => {
    expect(checkRange(s(T0), s(T0 + 60_000), now, 3600)).toEqual({ fromMs: T0, toMs: T0 + 60_000 });
    expect(checkRange(s(T0), s(now + 60_000), now, 7200)).toEqual({ fromMs: T0, toMs: now });
    expect(() => checkRange(s(T0), s(T0), now, 3600)).toThrow(
      expect.objectContaining({ code: 'range_reversed' }),
    );
    expect(() => checkRange(s(T0), s(T0) + 3601, now, 3600)).toThrow(
      expect.objectContaining({ code: 'range_too_long', message: 'A clip covers at most 1 hour' }),
    );
    expect(() => checkRange(s(now), s(now) + 10, now, 3600)).toThrow(
      expect.objectContaining({ code: 'range_in_future', statusCode: 400 }),
    );
  });
});

describe('FileGrants', () => {
  const grants = new FileGrants('x'.repeat(40));
  const g = {
    uidd: 'c.1',
    stream: 'main',
    firstMs: T0,
    lastMs: T0 + 8000,
    expSec: Math.floor(T0 / 1000) + 60,
    basis: {
      kind: 'user' as const,
      caller: { uid: 'u1', seriesId: 's1', accountType: 'u' as const, demo: false },
    },
  };
  it('checks its own signature, camera, stream and expiry', () => {
    const text = grants.issue(g);
    expect(grants.check(text, 'c.1', 'main', T0)).toEqual(g);
    expect(grants.check(text, 'c.2', 'main', T0)).toBeUndefined();
    expect(grants.check(text, 'c.1', 'sd', T0)).toBeUndefined();
    expect(grants.check(text, 'c.1', 'main', T0 + 61_000)).toBeUndefined();
    expect(
      grants.check(text.replace(`-${g.lastMs}-`, `-${g.lastMs + 1}-`), 'c.1', 'main', T0),
    ).toBeUndefined();
    expect(new FileGrants('y'.repeat(40)).check(text, 'c.1', 'main', T0)).toBeUndefined();
    expect(grants.check('garbage', 'c.1', 'main', T0)).toBeUndefined();
  });
  it('carries what let the playlist through, which cannot be swapped for another (decision 0016)', () => {
    const share = { kind: 'share' as const, link: 'link-1' };
    expect(grants.check(grants.issue({ ...g, basis: share }), 'c.1', 'main', T0)?.basis).toEqual(share);
    const text = grants.issue(g);
    const other = grants.issue({
      ...g,
      basis: { ...g.basis, caller: { ...g.basis.caller, seriesId: 's2' } },
    });
    const swapped = text.replace(/-[^-.]+\./, `-${/-([^-.]+)\./.exec(other)?.[1]}.`);
    expect(swapped).not.toBe(text);
    expect(grants.check(swapped, 'c.1', 'main', T0)).toBeUndefined();
  });
});

describe('stillArgs', () => {
  it('reads from the keyframe before the instant and scales when asked', () => {
    const a = stillArgs({
      recordingsDir: '/r',
      initPath: 'c/i.mp4',
      segmentPath: 'c/s.m4s',
      byteOffset: 500,
      offsetSec: 1.25,
      width: 320,
    });
    expect(a.join(' ')).toContain(
      '-ss 1.250 -i concat:/r/c/i.mp4|subfile,,start,500,end,0,,:/r/c/s.m4s -map 0:v:0 -frames:v 1 -vf scale=320:-2',
    );
    expect(a.at(-1)).toBe('pipe:1');
  });
});

describe('log redaction of video URLs', () => {
  it('hides the token of a stream URL and the grant of a playlist file', () => {
    expect(redactRequestUrl('/stream/mp4/u/c/1/2/SECRET?inputStream=true&token=S2')).toBe(
      '/stream/mp4/u/c/1/2/***?inputStream=true&token=***',
    );
    expect(redactRequestUrl('/hls/u/c/1/2/f/1-2-3.SIG/main/d/1.a.m4s')).toBe(
      '/hls/u/c/1/2/f/***/main/d/1.a.m4s',
    );
    expect(redactRequestUrl('/live/u.c/main/f/4.1.m4s?grant=123.SIG')).toBe(
      '/live/u.c/main/f/4.1.m4s?grant=***',
    );
    expect(redactRequestUrl('/live/u.c/main/index.m3u8?token=SECRET&_HLS_msn=4')).toBe(
      '/live/u.c/main/index.m3u8?token=***&_HLS_msn=4',
    );
  });
});

describe('stopWhenStalled', () => {
  it('stops a job whose output does not move, and leaves a moving one alone', async () => {
    const { startFfmpeg, stopWhenStalled } = await import('./ffmpeg-jobs.ts');
    // A shell stand-in for ffmpeg: `sleep` writes nothing.
    const stuck = startFfmpeg('sleep', ['30']);
    stopWhenStalled(stuck, 300, 100);
    await expect(stuck.done).rejects.toThrow(/SIGTERM/);
    const busy = startFfmpeg('sh', ['-c', 'for i in 1 2 3 4 5 6; do echo x; sleep 0.1; done']);
    busy.stdout?.resume();
    stopWhenStalled(busy, 300, 50);
    await expect(busy.done).resolves.toBeUndefined();
  });
});

import { execFileSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Uidd } from '@vigil/contracts';
import fc from 'fast-check';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { describeEachDb, type TestApp } from '../../testing/harness.ts';
import { type SignedIn, signedInUser } from '../../testing/sessions.ts';
import { insertCamera } from '../cameras/testing.ts';
import { decodeErrors, installSample, probe, recordSample, type Sample } from './testing.ts';

/**
 * Exports of random ranges of a real recording, checked as an outside client would check a downloaded file: ffprobe
 * for its duration and timestamps, ffmpeg for decode errors. The recording (a simulated camera, keyframes every 2 s,
 * AAC audio) spans a recorder restart and a camera outage, so ranges start and end mid-segment, across a gap,
 * across a restart, in the last seconds before now and partly outside the recording.
 */

/** The camera's keyframe interval: a clip starts at the keyframe at or before its range, so up to this earlier. */
const GOP_SEC = 2;
/**
 * The last video frame (0.1 s at 10 fps) and the audio around the video: AAC frames (~23 ms) interleaved a little
 * before the first keyframe and after the last frame.
 */
const FRAME_SEC = 0.25;

/** The first value `get` answers within 5 s, checked every 50 ms (a manifest is signed after the last byte). */
async function until<T>(get: () => Promise<T | undefined>): Promise<T> {
  for (let i = 0; i < 100; i++) {
    const v = await get();
    if (v !== undefined) return v;
    await new Promise((r) => setTimeout(r, 50));
  }
  throw new Error('not within 5 s');
}

const dataDir = mkdtempSync(join(tmpdir(), 'vigil-exports-app-'));
const work = mkdtempSync(join(tmpdir(), 'vigil-exports-out-'));
let sample: Sample;
beforeAll(async () => {
  sample = await recordSample({
    seconds: 24,
    gapSeconds: 3,
    restartRecorder: true,
    camera: { audio: true, gopSec: GOP_SEC },
    segmentTargetMs: 4000,
  });
}, 180_000);
afterAll(() => {
  sample?.rm();
  rmSync(dataDir, { recursive: true, force: true });
  rmSync(work, { recursive: true, force: true });
});

/** What was recorded, as intervals of wall-clock ms: the segments, joined where they touch. */
function recorded(s: Sample): Array<[number, number]> {
  const out: Array<[number, number]> = [];
  for (const seg of s.segments) {
    const last = out.at(-1);
    if (last && seg.startMs - last[1] <= 50) last[1] = seg.endMs;
    else out.push([seg.startMs, seg.endMs]);
  }
  return out;
}

const overlap = (runs: Array<[number, number]>, from: number, to: number) =>
  runs.reduce((n, [a, b]) => n + Math.max(0, Math.min(b, to) - Math.max(a, from)), 0) / 1000;

type Endpoint = 'video' | 'video-padded' | 'stream-mp4' | 'stream-mpegts' | 'shared';
const ENDPOINTS: Endpoint[] = ['video', 'video-padded', 'stream-mp4', 'stream-mpegts', 'shared'];

describeEachDb(
  'exports of any range (property)',
  (ctx) => {
    let t: TestApp;
    let owner: SignedIn;
    let uidd: Uidd;
    let base: string;
    let share: { token: string; startSec: number; endSec: number };
    let runs: Array<[number, number]>;

    beforeAll(async () => {
      t = ctx();
      runs = recorded(sample);
      // "Now" is just after the last segment: the last seconds before now are part of the ranges tried.
      t.clock.t = (runs.at(-1) as [number, number])[1] + 1500;
      owner = await signedInUser(t);
      uidd = await insertCamera(t, owner.uid, { name: 'Yard' });
      await installSample(sample, t.db.db, dataDir, uidd);
      base = await t.app.listen({ port: 0, host: '127.0.0.1' });
      const signed = await t.call({
        method: 'POST',
        url: '/jwt/sign',
        token: owner.token,
        payload: {
          type: 'video',
          access: 'public',
          uidd,
          startSec: Math.floor(runs[0]![0] / 1000) - 60,
          endSec: Math.ceil(t.clock.t / 1000) + 60,
          validSeconds: 3600,
        },
      });
      expect([200, 201]).toContain(signed.status);
      // A link covers what was recorded until it was made (its end is cut to that instant).
      share = {
        token: signed.json.token,
        startSec: Math.floor(runs[0]![0] / 1000) - 60,
        endSec: Math.floor(t.clock.t / 1000),
      };
    });

    it('the sample has what the ranges are meant to cross: a restart of the recorder and an outage', () => {
      const { recorderRestart, outage } = sample;
      expect(recorderRestart).toBeDefined();
      expect(outage).toBeDefined();
      // Recorded before and after the restart, and after the camera came back; the outage is a gap.
      const starts = sample.segments.map((s) => s.startMs);
      expect(starts.some((s) => s < recorderRestart!.stoppedAt)).toBe(true);
      expect(starts.some((s) => s >= recorderRestart!.startedAt && s < outage!.stoppedAt)).toBe(true);
      expect(starts.some((s) => s >= outage!.restartedAt)).toBe(true);
      expect(runs.length).toBeGreaterThanOrEqual(2);
      // Each segment file holds the media its index row says (ffprobe on init + segment), within a frame.
      for (const s of sample.segments.slice(0, 4)) {
        const file = join(work, 'segment.mp4');
        execFileSync('sh', [
          '-c',
          `cat "${join(sample.dataDir, 'recordings', s.initPath)}" "${join(sample.dataDir, 'recordings', s.path)}" > "${file}"`,
        ]);
        const v = execFileSync(
          'ffprobe',
          ['-v', 'error', '-select_streams', 'v', '-show_entries', 'packet=pts_time', '-of', 'csv=p=0', file],
          { encoding: 'utf8' },
        )
          .trim()
          .split('\n')
          .map(Number);
        const media = (Math.max(...v) - Math.min(...v) + 0.1) * 1000;
        expect(Math.abs(media - (s.endMs - s.startMs))).toBeLessThan(150);
      }
    });

    it('every export holds the recorded seconds of its range, decodes cleanly, with timestamps in order', async () => {
      const first = (runs[0] as [number, number])[0];
      // Recordings are judged by the real clock: ranges ending after now are cut to now, starting after it refused.
      const span = Date.now() - first;
      // Ranges in whole seconds (the spec's URLs), from 10 s before the recording to 10 s after now.
      const range = fc
        .tuple(
          fc.integer({ min: -10_000, max: span + 10_000 }),
          fc.integer({ min: 1000, max: 60_000 }),
          fc.constantFrom(...ENDPOINTS),
        )
        .map(([offset, length, endpoint]) => {
          const fromSec = Math.floor((first + offset) / 1000);
          const toSec = fromSec + Math.ceil(length / 1000);
          // The shared page downloads within its link's range (the link refuses anything wider).
          return endpoint === 'shared'
            ? { fromSec: Math.min(fromSec, share.endSec - 1), toSec: Math.min(toSec, share.endSec), endpoint }
            : { fromSec, toSec, endpoint };
        });
      let n = 0;
      let manifests = 0;
      await fc.assert(
        fc.asyncProperty(range, async ({ fromSec, toSec, endpoint }) => {
          const cam = uidd.replace('.', '/');
          const url = {
            video: `/video/mp4/${cam}/${fromSec}/${toSec}`,
            'video-padded': `/video/mp4/${cam}/${fromSec}/${toSec}?padding=true`,
            // The token in the header: an address takes only grants and share tokens (decision 0014).
            'stream-mp4': `/stream/mp4/${cam}/${fromSec}/${toSec}/-`,
            'stream-mpegts': `/stream/mpegts/${cam}/${fromSec}/${toSec}/-`,
            shared: `/video/mp4/${cam}/${fromSec}/${toSec}?token=${share.token}`,
          }[endpoint];
          const headers: Record<string, string> =
            endpoint === 'shared' ? {} : { authorization: `Bearer ${owner.token}` };
          const end = Date.now();
          const res = await fetch(`${base}${url}`, { headers });
          const body = Buffer.from(await res.arrayBuffer());
          const from = fromSec * 1000;
          const to = Math.min(toSec * 1000, end);
          const inside = overlap(runs, from, to);
          const label = `${endpoint} ${from - first}..${to - first} ms (recorded ${inside} s)${res.status === 200 ? '' : `: ${body.toString().slice(0, 200)}`}`;
          if (from >= end) {
            expect([label, res.status]).toEqual([label, 400]);
            return;
          }
          // Nothing recorded in the range: no clip, never an empty file.
          if (inside === 0) {
            expect([label, res.status]).toEqual([label, 404]);
            return;
          }
          expect([label, res.status]).toEqual([label, 200]);
          const file = join(work, `clip-${n++}.${endpoint === 'stream-mpegts' ? 'ts' : 'mp4'}`);
          writeFileSync(file, body);
          const p = probe(file);
          expect([label, body.length, body.subarray(0, 300).toString('latin1'), p.errors]).toEqual([
            label,
            body.length,
            body.subarray(0, 300).toString('latin1'),
            '',
          ]);
          expect([label, p.streams]).toEqual([label, ['video', 'audio']]);
          expect([label, p.monotonic]).toEqual([label, '']);
          expect([label, decodeErrors(file)]).toEqual([label, '']);
          // Padding keeps the gaps as time: the clip lasts from the first recorded instant of the range to its
          // last one. Without it, the recorded seconds. Either may start up to a keyframe interval earlier.
          const inRange = runs.filter(([a, b]) => b > from && a < to);
          const expected =
            endpoint === 'video-padded'
              ? (Math.min(to, inRange.at(-1)![1]) - Math.max(from, inRange[0]![0])) / 1000
              : inside;
          expect(p.duration, `${label}: ${p.duration} s`).toBeGreaterThanOrEqual(expected - FRAME_SEC);
          expect(p.duration, `${label}: ${p.duration} s`).toBeLessThanOrEqual(expected + GOP_SEC + FRAME_SEC);
          if (endpoint === 'video' && manifests++ < 4) {
            // The download's evidence: its manifest, signed once the last byte left, names this file's hash.
            const id = res.headers.get('x-export-id');
            expect(id, label).toMatch(/^[0-9a-f-]{36}$/);
            const sha256 = createHash('sha256').update(body).digest('hex');
            const manifest = await until(async () => {
              const m = await t.call({ method: 'GET', url: `/exports/${id}/manifest` });
              return m.status === 200 ? m.json.manifest : undefined;
            });
            expect([label, manifest.sha256, manifest.bytes, manifest.camera.uidd]).toEqual([
              label,
              sha256,
              body.length,
              uidd,
            ]);
          }
          if (endpoint === 'video' || endpoint === 'video-padded' || endpoint === 'shared') {
            // The size announced for progress is the file's, within a tenth.
            const announced = Number(res.headers.get('x-expected-length'));
            expect(body.length / announced, label).toBeGreaterThan(0.9);
            expect(body.length / announced, label).toBeLessThan(1.1);
          }
        }),
        { numRuns: 20, endOnFailure: true },
      );
    }, 240_000);
  },
  { DATA_DIR: dataDir },
);

import { execFileSync } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { EpochMs, Uidd } from '@vigil/contracts';
import { createTestDb, type TestDb } from '@vigil/db/testing';
import { pickFreePorts, type Simulator, startSimulator } from '@vigil/simulator';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { InMemoryCameraSource, type RecorderCamera } from './camera-source.ts';
import type { LiveChunk } from './live/live-hub.ts';
import type { RecorderLog } from './log.ts';
import { Recorder, type RecorderEvents, type StatusEvent } from './recorder.ts';
import type { Segment } from './storage/segments-repository.ts';
import { decodeErrors, probeFile } from './testing/fixtures.ts';
import { processCommandLines } from './testing/processes.ts';

const cam = (i: number): Uidd => `owner.cam${i}` as Uidd;

/** Resolves with the first event `pick` accepts, or rejects after timeoutMs. */
function next<K extends 'segment' | 'status'>(
  r: Recorder,
  event: K,
  pick: (v: RecorderEvents[K][0]) => boolean,
  timeoutMs = 20_000,
): Promise<RecorderEvents[K][0]> {
  return new Promise((resolve, reject) => {
    const on = (v: RecorderEvents[K][0]): void => {
      if (!pick(v)) return;
      clearTimeout(timer);
      r.off(event, on as never);
      resolve(v);
    };
    const timer = setTimeout(() => {
      r.off(event, on as never);
      reject(new Error(`no ${event} within ${timeoutMs} ms`));
    }, timeoutMs);
    r.on(event, on as never);
  });
}

describe('recorder with simulated cameras', () => {
  let sim: Simulator;
  let db: TestDb;
  let recorder: Recorder;
  let dataDir: string;
  let source: InMemoryCameraSource;
  const lines: string[] = [];
  const sink = (obj: object, msg: string): void => {
    lines.push(`${msg} ${JSON.stringify(obj)}`);
  };
  const log: RecorderLog = { debug: sink, info: sink, warn: sink, error: sink };
  const segments: Segment[] = [];
  const statuses: StatusEvent[] = [];

  beforeAll(async () => {
    sim = await startSimulator({ cameras: [{ gopSec: 1, audio: true, sd: true }, { gopSec: 4 }] });
    db = await createTestDb('sqlite');
    dataDir = mkdtempSync(join(tmpdir(), 'vigil-recorder-'));
    const camera = (i: number): RecorderCamera => ({
      uidd: cam(i),
      streams: sim.cameras[i]!.urls,
      retentionDays: 30,
      recording: 'continuous',
    });
    source = new InMemoryCameraSource([camera(0), camera(1)]);
    recorder = await Recorder.start({
      db: db.db,
      dataDir,
      source,
      log,
      segmentTargetMs: 2000,
      stallTimeoutMs: 4000,
      rtspTimeoutMs: 3000,
      backoffInitialMs: 500,
      backoffMaxMs: 4000,
      stillIntervalMs: 0,
      retentionIntervalMs: 0,
      liveLingerMs: 300,
    });
    recorder.on('segment', (s) => segments.push(s));
    recorder.on('status', (s) => statuses.push(s));
  }, 120_000);

  afterAll(async () => {
    await recorder?.stop();
    await sim?.stop();
    await db?.destroy();
    if (dataDir) rmSync(dataDir, { recursive: true, force: true });
  });

  it('records keyframe-aligned segments that play, with the camera audio', async () => {
    await next(
      recorder,
      'segment',
      (s) => s.uidd === cam(0) && segments.filter((x) => x.uidd === cam(0)).length >= 3,
    );
    const mine = segments.filter((s) => s.uidd === cam(0));
    expect(recorder.status(cam(0))?.status).toBe('online');
    for (const s of mine) {
      expect(s.codec).toMatch(/^avc1\.[0-9a-f]{6},mp4a\.40\.2$/);
      const file = join(dataDir, `${s.id}.mp4`);
      writeFileSync(
        file,
        Buffer.concat([readFileSync(recorder.resolve(s.initPath)), readFileSync(recorder.resolve(s.path))]),
      );
      const probe = probeFile(file);
      expect(probe.errors).toBe('');
      expect(probe.packets[0]?.flags).toMatch(/^K/);
      expect(decodeErrors(file)).toBe('');
      // Audio decode times only go forward, one AAC frame after another (browsers' MSE drops video otherwise).
      const audio = execFileSync(
        'ffprobe',
        ['-v', 'error', '-select_streams', 'a', '-show_entries', 'packet=dts_time', '-of', 'csv=p=0', file],
        { encoding: 'utf8' },
      )
        .trim()
        .split('\n')
        .map(Number);
      expect(audio.length).toBeGreaterThan(10);
      for (let i = 1; i < audio.length; i++) expect(audio[i]! - audio[i - 1]!).toBeCloseTo(0.064, 3);
      // Cut at the first keyframe once 2 s are recorded (keyframes every second; a loaded machine may stretch one).
      expect(s.endMs - s.startMs).toBeGreaterThanOrEqual(2000);
      expect(s.endMs - s.startMs, JSON.stringify(mine.map((x) => x.endMs - x.startMs))).toBeLessThan(4000);
    }
    // Back to back: each segment starts where the previous one ended.
    for (let i = 1; i < mine.length; i++) expect(mine[i]!.startMs).toBe(mine[i - 1]!.endMs);
    const indexed = await recorder.segments.list(
      cam(0),
      'main',
      mine[0]!.startMs,
      (Date.now() + 1000) as EpochMs,
    );
    expect(indexed.map((s) => s.id)).toEqual(expect.arrayContaining(mine.map((s) => s.id)));
  });

  it('gives a new live viewer the init segment and a keyframe at once, then follows the stream', async () => {
    // Camera 1 sends a keyframe every 4 s: a viewer must not wait for the next one.
    await next(recorder, 'segment', (s) => s.uidd === cam(1));
    const chunks: LiveChunk[] = [];
    const unsubscribe = recorder.subscribeLive(cam(1), 'main', (c) => chunks.push(c));
    const atOnce = chunks.length;
    expect(atOnce).toBeGreaterThanOrEqual(2);
    expect(chunks[0]).toMatchObject({
      type: 'init',
      mimeType: expect.stringMatching(/^video\/mp4; codecs="avc1\./),
    });
    expect(chunks[1]).toMatchObject({ type: 'fragment', keyframe: true });
    await expect.poll(() => chunks.length, { timeout: 3000 }).toBeGreaterThan(atOnce + 3);
    unsubscribe();
    const n = chunks.length;
    await new Promise((r) => setTimeout(r, 300));
    expect(chunks.length).toBe(n);
  });

  it('runs an unrecorded sub-stream only while it is watched', async () => {
    expect(recorder.status(cam(0))?.streams.sd?.running).toBe(false);
    const chunks: LiveChunk[] = [];
    const unsubscribe = recorder.subscribeLive(cam(0), 'sd', (c) => chunks.push(c));
    expect(recorder.status(cam(0))?.streams.sd?.running).toBe(true);
    await expect
      .poll(() => chunks.find((c) => c.type === 'fragment' && c.keyframe), { timeout: 10_000 })
      .toBeDefined();
    expect(chunks[0]?.type).toBe('init');
    unsubscribe();
    await expect.poll(() => recorder.status(cam(0))?.streams.sd?.running, { timeout: 3000 }).toBe(false);
    expect(segments.some((s) => s.stream === 'sd')).toBe(false);
  });

  it('keeps the latest thumbnail and still, and makes a still of any recorded instant', async () => {
    const ev = await recorder.refreshStill(cam(0));
    expect(ev?.thumbMs).toBeGreaterThan(0);
    const latest = await recorder.latestStills(cam(0));
    expect(readFileSync(latest!.stillPath!).subarray(0, 2)).toEqual(Buffer.from([0xff, 0xd8]));
    expect(readFileSync(latest!.thumbPath!).subarray(0, 2)).toEqual(Buffer.from([0xff, 0xd8]));
    expect(recorder.status(cam(0))?.lastThumbTime).toBe(ev?.thumbMs);
    const seg = segments.find((s) => s.uidd === cam(0))!;
    const jpeg = await recorder.stillAt(cam(0), (seg.startMs + 1500) as EpochMs);
    expect(jpeg?.subarray(0, 2)).toEqual(Buffer.from([0xff, 0xd8]));
    expect(await recorder.stillAt(cam(0), 1000 as EpochMs)).toBeNull();
  });

  it('restarts a camera that went away once it is back, and reports offline then online', async () => {
    await sim.stopCamera(1);
    const stoppedAt = Date.now();
    await next(recorder, 'status', (s) => s.uidd === cam(1) && s.status === 'offline', 10_000);
    expect(Date.now() - stoppedAt).toBeLessThan(8000);
    await new Promise((r) => setTimeout(r, 3000));
    await sim.startCamera(1);
    const backAt = Date.now();
    await next(recorder, 'status', (s) => s.uidd === cam(1) && s.status === 'online', 15_000);
    const seg = await next(recorder, 'segment', (s) => s.uidd === cam(1) && s.startMs >= backAt, 20_000);
    expect(seg.startMs - backAt).toBeLessThan(15_000);
  });

  it('picks up camera changes at runtime and never logs credentials, nor shows them in ps', async () => {
    // Leased: no simulated camera of another test takes it meanwhile.
    const [port] = await pickFreePorts(1, '127.0.0.1', [18600, 18699]);
    // A URL ffmpeg must never be given: refused, nothing spawned.
    source.upsert({
      uidd: cam(9),
      streams: { main: 'concat:/etc/passwd' },
      retentionDays: 1,
      recording: 'continuous',
    });
    await expect
      .poll(() => lines.some((l) => l.startsWith('camera URL refused') && l.includes(cam(9))), {
        timeout: 3000,
      })
      .toBe(true);
    const secretUrl = `rtsp://admin:topsecret@127.0.0.1:${port}/main`;
    source.upsert({ uidd: cam(9), streams: { main: secretUrl }, retentionDays: 1, recording: 'continuous' });
    // The camera is not there: ffmpeg fails and says so, with its URL.
    await expect
      .poll(() => lines.some((l) => l.includes('ffmpeg exited') && l.includes(cam(9))), { timeout: 10_000 })
      .toBe(true);
    // Point it at a working camera: it records.
    const working = sim.cameras[0]!.urls.main.replace('rtsp://', 'rtsp://admin:topsecret@');
    source.upsert({ uidd: cam(9), streams: { main: working }, retentionDays: 1, recording: 'continuous' });
    await next(recorder, 'segment', (s) => s.uidd === cam(9)).catch((e) => {
      console.log(lines.filter((l) => l.includes('cam9')).join('\n'));
      throw e;
    });
    // What `ps` shows any local user: every process's arguments. The ingest runs, and no argument has the password.
    const commandLines = processCommandLines();
    expect(commandLines.filter((c) => /ffmpeg .*-f concat .*-i pipe:3/.test(c)).length).toBeGreaterThan(0);
    expect(commandLines.filter((c) => c.includes('topsecret'))).toEqual([]);
    source.remove(cam(9));
    await expect.poll(() => recorder.status(cam(9)), { timeout: 5000 }).toBeUndefined();
    const all = lines.join('\n');
    expect(all).toContain('admin:***@');
    expect(all).not.toContain('topsecret');
    expect(existsSync(join(dataDir, 'recordings', cam(9)))).toBe(true);
  });
});

import {
  appendFileSync,
  existsSync,
  mkdirSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  rmSync,
  writeFileSync,
} from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import type { EpochMs, Uidd } from '@vigil/contracts';
import { createTestDb, TEST_DB_KINDS, type TestDb } from '@vigil/db/testing';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { Mp4Splitter } from '../bmff/splitter.ts';
import { silentLog } from '../log.ts';
import { chop, decodeErrors, makeFmp4, probeFile } from '../testing/fixtures.ts';
import { IndexBatcher } from './index-batcher.ts';
import { recoverOpenSegments } from './recovery.ts';
import { applyRetention } from './retention.ts';
import { LocalSegmentStore } from './segment-store.ts';
import { SegmentWriter } from './segment-writer.ts';
import { type Segment, SegmentsRepository } from './segments-repository.ts';
import { Timeline } from './timeline.ts';

const uidd = 'owner1.cam1' as Uidd;
const T0 = Date.UTC(2025, 0, 15, 12, 0, 0);

/** Feeds ffmpeg output through a writer as the recorder does, with arrival times from the stream itself. */
function feed(writer: SegmentWriter, data: Buffer, stopAfterFrames = Number.POSITIVE_INFINITY): void {
  const splitter = new Mp4Splitter();
  let timeline: Timeline | undefined;
  let n = 0;
  let wall = T0;
  for (const chunk of chop(data)) {
    for (const ev of splitter.push(chunk)) {
      if (ev.kind === 'init') {
        timeline = new Timeline(ev.init.info.video?.timescale ?? 1);
        writer.setInit(ev.init);
      } else {
        const v = ev.fragment.video;
        if (v && n++ >= stopAfterFrames) {
          writer.flush();
          return;
        }
        if (v && timeline) wall = timeline.toWall(v.baseDecodeTime, T0 + (v.baseDecodeTime * 1000) / 10240);
        writer.append({ ...ev.fragment, wallMs: wall });
      }
    }
    // As the recorder does after each read of ffmpeg's output.
    writer.flush();
  }
}

/** Init + segment in one file, as a player or ffmpeg's concat: protocol sees them. */
function playable(root: string, s: Segment): string {
  const out = join(root, `${s.id}.mp4`);
  writeFileSync(out, Buffer.concat([readFileSync(join(root, s.initPath)), readFileSync(join(root, s.path))]));
  return out;
}

describe.each(TEST_DB_KINDS)('recording storage [%s]', (kind) => {
  let db: TestDb;
  let repo: SegmentsRepository;
  let root: string;
  const stream = makeFmp4({ seconds: 7, fps: 10, gop: 10, audio: true });

  beforeAll(async () => {
    db = await createTestDb(kind);
    repo = new SegmentsRepository(db.db);
  });
  afterAll(() => db?.destroy());
  beforeEach(async () => {
    root = mkdtempSync(join(tmpdir(), 'vigil-rec-'));
    await db.db.deleteFrom('segments').execute();
    return () => rmSync(root, { recursive: true, force: true });
  });

  const writer = (): SegmentWriter =>
    new SegmentWriter({
      root,
      uidd,
      stream: 'main',
      targetMs: 2000,
      index: (s) => repo.insert(s),
      log: silentLog,
    });

  it('cuts keyframe-aligned segments of the target length, each playable after its init, and indexes them', async () => {
    const w = writer();
    feed(w, stream);
    await w.close();
    const segs = await repo.list(uidd, 'main', T0 as EpochMs, (T0 + 60_000) as EpochMs);
    expect(segs.map((s) => [s.startMs - T0, s.endMs - T0])).toEqual([
      [0, 2064],
      [2064, 4064],
      [4064, 6064],
      [6064, 7064],
    ]);
    for (const s of segs) {
      expect(s.codec).toMatch(/^avc1\.[0-9a-f]{6},mp4a\.40\.2$/);
      const file = playable(root, s);
      const probe = probeFile(file);
      expect(probe.errors).toBe('');
      expect(probe.packets[0]?.flags).toMatch(/^K/);
      expect(probe.packets.filter((p) => p.flags.startsWith('K'))).toHaveLength(
        Math.round((s.endMs - s.startMs) / 1000),
      );
      expect(decodeErrors(file)).toBe('');
      expect(s.bytes).toBe(readFileSync(join(root, s.path)).length);
      // Every keyframe after the first, where it is (decision 0510): a fragment opens there, and the file read
      // from there after the init plays from that keyframe, as a playlist's byte range makes a player do.
      const keyframes = probe.packets.filter((p) => p.flags.startsWith('K')).slice(1);
      expect(s.keyframes?.map((k) => k.ms)).toEqual(
        keyframes.map((p) => Math.round((Number(p.pts_time) - Number(probe.packets[0]?.pts_time)) * 1000)),
      );
      const data = readFileSync(join(root, s.path));
      for (const k of s.keyframes ?? []) {
        expect(data.toString('latin1', k.byte + 4, k.byte + 8)).toBe('moof');
        const from = join(root, `${s.id}-${k.byte}.mp4`);
        writeFileSync(from, Buffer.concat([readFileSync(join(root, s.initPath)), data.subarray(k.byte)]));
        expect(probeFile(from).packets[0]?.flags).toMatch(/^K/);
        expect(decodeErrors(from)).toBe('');
      }
    }
    expect(readdirSync(dirname(join(root, segs[0]!.path))).filter((f) => f.endsWith('.part'))).toEqual([]);
  });

  it('reads back what it wrote to the open segment, where append said, and of a just-closed one until deleted', async () => {
    const w = writer();
    const splitter = new Mp4Splitter();
    const spans: Array<{ data: Buffer; at: ReturnType<SegmentWriter['append']> }> = [];
    for (const ev of splitter.push(stream)) {
      if (ev.kind === 'init') w.setInit(ev.init);
      else {
        const data = Buffer.from(ev.fragment.data);
        spans.push({ data, at: w.append({ ...ev.fragment, data, wallMs: T0 }) });
        if (spans.length === 15) break;
      }
    }
    // 15 fragments at 10 fps with a keyframe every 10 and 2 s segments: all in the first segment, one after another.
    const ats = spans.map((x) => x.at!);
    expect(new Set(ats.map((a) => a.segment)).size).toBe(1);
    for (const [i, a] of ats.entries())
      expect(a.byte).toBe(i === 0 ? 0 : ats[i - 1]!.byte + ats[i - 1]!.length);
    // Not yet flushed: read() writes what waits first.
    const last = ats[14]!;
    expect(w.read(last.segment, ats[10]!.byte, last.byte + last.length - ats[10]!.byte)).toEqual(
      Buffer.concat(spans.slice(10).map((x) => x.data)),
    );
    expect(w.read(last.segment, last.byte, last.length + 1)).toBeUndefined();
    await w.close();
    // Closed (renamed, indexed): still read from its final path, for the motion refinement's GOP (0550).
    const closed = (await repo.list(uidd, 'main', T0 as EpochMs, (T0 + 60_000) as EpochMs)).find(
      (x) => x.bytes === last.byte + last.length,
    );
    expect(w.read(last.segment, ats[10]!.byte, last.byte + last.length - ats[10]!.byte)).toEqual(
      Buffer.concat(spans.slice(10).map((x) => x.data)),
    );
    expect(w.read(last.segment, last.byte, last.length + 1)).toBeUndefined();
    // Deleted (record on motion) or an unknown segment: nothing.
    rmSync(join(root, closed!.path));
    expect(w.read(last.segment, 0, 8)).toBeUndefined();
    expect(w.read(last.segment + 1, 0, 8)).toBeUndefined();
  });

  it('indexes segments that close together in one statement, and at once while stopping', async () => {
    const batcher = new IndexBatcher(repo, 50);
    const row = (i: number) => ({
      uidd,
      stream: 'main' as const,
      startMs: (T0 + i * 4000) as EpochMs,
      endMs: (T0 + i * 4000 + 4000) as EpochMs,
      bytes: 100 + i,
      path: `${uidd}/main/2025-01-15/${T0 + i * 4000}.abc.m4s`,
      initPath: `${uidd}/main/init-abc.mp4`,
      codec: 'avc1.64001f',
    });
    const together = await Promise.all([0, 1, 2].map((i) => batcher.add(row(i))));
    expect(new Set(together.map((s) => s?.id)).size).toBe(3);
    await batcher.immediate();
    const late = await batcher.add(row(3));
    const listed = await repo.list(uidd, 'main', T0 as EpochMs, (T0 + 60_000) as EpochMs);
    expect(listed.map((s) => s.id)).toEqual([...together, late].map((s) => s?.id));
    expect(listed.map((s) => s.bytes)).toEqual([100, 101, 102, 103]);
  });

  it('finds the segment holding an instant', async () => {
    const w = writer();
    feed(w, stream);
    await w.close();
    expect((await repo.at(uidd, 'main', (T0 + 3000) as EpochMs))?.startMs).toBe(T0 + 2064);
    expect(await repo.at(uidd, 'main', (T0 + 7100) as EpochMs)).toBeUndefined();
    expect(await repo.at(uidd, 'sd', (T0 + 3000) as EpochMs)).toBeUndefined();
  });

  it('recovers the open segment a crash left, cut back to its last whole fragment', async () => {
    // "Crash" 4.5 s in: two segments closed, the third open with half a second of video, never closed.
    feed(writer(), stream, 45);
    await expect.poll(() => repo.latest(uidd, 'main', 5).then((r) => r.length)).toBe(2);
    const dir = join(root, uidd, 'main', '2025-01-15');
    const part = readdirSync(dir).find((f) => f.endsWith('.part'));
    expect(part).toBeDefined();
    appendFileSync(join(dir, part!), Buffer.from([0, 0, 1, 0, 0x6d, 0x6f, 0x6f, 0x66, 1, 2, 3])); // a write cut short

    expect(await recoverOpenSegments(root, repo, silentLog)).toBe(1);
    const [recovered] = await repo.latest(uidd, 'main');
    expect(recovered!.startMs - T0).toBe(4064);
    expect(recovered!.endMs - recovered!.startMs).toBe(500);
    expect(recovered!.keyframes).toEqual([]);
    expect(probeFile(playable(root, recovered!)).errors).toBe('');
    expect(decodeErrors(playable(root, recovered!))).toBe('');
    expect(readdirSync(dir).filter((f) => f.endsWith('.part'))).toEqual([]);
    // A second start finds nothing more to do.
    expect(await recoverOpenSegments(root, repo, silentLog)).toBe(0);
    // A crash between a segment's rename and its row: the newest closed segments are checked too.
    const [, second] = await repo.list(uidd, 'main', T0 as EpochMs, (T0 + 60_000) as EpochMs);
    await repo.deleteIds([second!.id]);
    expect(await recoverOpenSegments(root, repo, silentLog)).toBe(1);
    const again = await repo.at(uidd, 'main', (T0 + 3000) as EpochMs);
    expect(again?.path).toBe(second!.path);
    expect(again?.keyframes).toEqual(second!.keyframes);
    expect(again?.keyframes).toHaveLength(1);
  });

  it('retention deletes old segments, files and rows together, and keeps the rest', async () => {
    const day = 86_400_000;
    for (const [startMs, name] of [
      [T0 - 10 * day, 'old1'],
      [T0 - 9 * day, 'old2'],
      [T0 - day, 'recent'],
    ] as const) {
      const path = `${uidd}/main/${new Date(startMs).toISOString().slice(0, 10)}/${startMs}.m4s`;
      mkdirSync(dirname(join(root, path)), { recursive: true });
      writeFileSync(join(root, path), name);
      await repo.insert({
        uidd,
        stream: 'main',
        startMs: startMs as EpochMs,
        endMs: (startMs + 4000) as EpochMs,
        bytes: 4,
        path,
        initPath: `${uidd}/main/init-x.mp4`,
        codec: 'avc1.64001f',
      });
    }
    const deleted = await applyRetention(new LocalSegmentStore(root), repo, uidd, 7, T0, silentLog);
    expect(deleted).toBe(2);
    const left = await repo.list(uidd, 'main', (T0 - 30 * day) as EpochMs, T0 as EpochMs);
    expect(left).toHaveLength(1);
    expect(existsSync(join(root, left[0]!.path))).toBe(true);
    const days = readdirSync(join(root, uidd, 'main'));
    expect(days).toEqual([new Date(T0 - day).toISOString().slice(0, 10)]);
    // Another camera's recordings are not touched.
    expect(
      await applyRetention(new LocalSegmentStore(root), repo, 'other.cam' as Uidd, 0, T0, silentLog),
    ).toBe(0);
  });
});

import { execFileSync } from 'node:child_process';
import {
  closeSync,
  mkdtempSync,
  openSync,
  readFileSync,
  rmdirSync,
  rmSync,
  writeFileSync,
  writeSync,
} from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { EpochMs, Uidd } from '@vigil/contracts';
import { createTestDb, type TestDb } from '@vigil/db/testing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Mp4Splitter, type SplitEvent } from '../bmff/splitter.ts';
import { silentLog } from '../log.ts';
import { decodeErrors, makeFmp4 } from '../testing/fixtures.ts';
import { SegmentWriter } from './segment-writer.ts';
import { SegmentsRepository } from './segments-repository.ts';

/**
 * The segment writer on a disk that is really full (a 1 MiB tmpfs, filled by a file of ours): nothing is written,
 * each failure is reported (the storage watermark checks at once, decision 0208), and once there is room again the
 * same ffmpeg run is recorded from its next keyframe, init segment included.
 */
const isRoot = process.getuid?.() === 0;
const uidd = 'owner1.cam1' as Uidd;
const T0 = Date.UTC(2025, 0, 15, 12, 0, 0);

describe.skipIf(!isRoot)('a segment writer on a full disk (skipped unless root: it mounts a tmpfs)', () => {
  let root: string;
  let db: TestDb;

  beforeAll(async () => {
    root = mkdtempSync(join(tmpdir(), 'vigil-writer-full-'));
    execFileSync('mount', ['-t', 'tmpfs', '-o', 'size=1m', 'tmpfs', root]);
    db = await createTestDb('sqlite');
  });
  afterAll(async () => {
    await db?.destroy();
    execFileSync('umount', [root]);
    rmdirSync(root);
  });

  it('drops what it cannot write, says so, and records again from the next keyframe once there is room', async () => {
    // Our file takes every byte.
    const ballast = join(root, 'ballast');
    const fd = openSync(ballast, 'w');
    const chunk = Buffer.alloc(64 * 1024, 1);
    try {
      for (;;) writeSync(fd, chunk);
    } catch (err) {
      expect((err as NodeJS.ErrnoException).code).toBe('ENOSPC');
    } finally {
      closeSync(fd);
    }

    const repo = new SegmentsRepository(db.db);
    const failures: string[] = [];
    const w = new SegmentWriter({
      root: join(root, 'recordings'),
      uidd,
      stream: 'main',
      targetMs: 1000,
      index: (s) => repo.insert(s),
      onWriteFailed: (err) => failures.push((err as NodeJS.ErrnoException).code ?? String(err)),
      log: silentLog,
    });
    // 6 s of video, a keyframe a second: 3 s while the disk is full, then 3 s with room.
    const events: SplitEvent[] = new Mp4Splitter().push(makeFmp4({ seconds: 6, fps: 10, gop: 10 }));
    let frames = 0;
    for (const ev of events) {
      if (ev.kind === 'init') w.setInit(ev.init);
      else {
        const v = ev.fragment.video;
        if (v && frames++ === 30) rmSync(ballast);
        w.append({ ...ev.fragment, wallMs: T0 + (v ? (v.baseDecodeTime * 1000) / 10240 : 0) });
        w.flush();
      }
    }
    await w.close();

    expect(failures.length).toBeGreaterThan(0);
    expect(new Set(failures)).toEqual(new Set(['ENOSPC']));
    const segs = await repo.list(uidd, 'main', T0 as EpochMs, (T0 + 60_000) as EpochMs);
    // The seconds after the room came back, and nothing of the full disk's.
    expect(segs.map((s) => [s.startMs - T0, s.endMs - T0])).toEqual([
      [3000, 4000],
      [4000, 5000],
      [5000, 6000],
    ]);
    for (const s of segs) {
      const file = join(root, `${s.startMs}.mp4`);
      writeFileSync(
        file,
        Buffer.concat([
          readFileSync(join(root, 'recordings', s.initPath)),
          readFileSync(join(root, 'recordings', s.path)),
        ]),
      );
      expect(decodeErrors(file)).toBe('');
    }
  });

  it('keeps what it wrote of the segment open when the disk fills, cut at its last whole write', async () => {
    const repo = new SegmentsRepository(db.db);
    const cam = 'owner1.cam2' as Uidd;
    const w = new SegmentWriter({
      root: join(root, 'recordings'),
      uidd: cam,
      stream: 'main',
      targetMs: 1000,
      index: (s) => repo.insert(s),
      log: silentLog,
    });
    const ballast = join(root, 'ballast2');
    const fill = () => {
      const fd = openSync(ballast, 'w');
      try {
        // Large writes, then single bytes: to the last byte, so the next page the writer needs is not there.
        for (const size of [64 * 1024, 1]) {
          try {
            for (;;) writeSync(fd, Buffer.alloc(size, 1));
          } catch {
            // ENOSPC at this size
          }
        }
      } finally {
        closeSync(fd);
      }
    };
    // 6 s at 10 fps, a keyframe a second: the disk fills after 1.5 s (mid-segment) and has room again at 4 s.
    const events: SplitEvent[] = new Mp4Splitter().push(makeFmp4({ seconds: 6, fps: 10, gop: 10 }));
    let frames = 0;
    for (const ev of events) {
      if (ev.kind === 'init') w.setInit(ev.init);
      else {
        const v = ev.fragment.video;
        if (v && frames === 15) fill();
        if (v && frames === 40) rmSync(ballast);
        if (v) frames++;
        w.append({ ...ev.fragment, wallMs: T0 + (v ? (v.baseDecodeTime * 1000) / 10240 : 0) });
        w.flush();
      }
    }
    await w.close();
    const segs = await repo.list(cam, 'main', T0 as EpochMs, (T0 + 60_000) as EpochMs);
    // What was written before the disk filled is kept (from 1.5 s, and the odd frame the last page still held);
    // nothing of the full disk's; all after it.
    const spans = segs.map((s) => [s.startMs - T0, s.endMs - T0]);
    expect(spans[0]).toEqual([0, 1000]);
    expect(spans[1]![0]).toBe(1000);
    expect(spans[1]![1]).toBeGreaterThanOrEqual(1500);
    expect(spans[1]![1]).toBeLessThan(2000);
    expect(spans.slice(2)).toEqual([
      [4000, 5000],
      [5000, 6000],
    ]);
    const cut = segs[1]!;
    const file = join(root, 'cut.mp4');
    writeFileSync(
      file,
      Buffer.concat([
        readFileSync(join(root, 'recordings', cut.initPath)),
        readFileSync(join(root, 'recordings', cut.path)),
      ]),
    );
    expect(decodeErrors(file)).toBe('');
    // An outside reader agrees with the index on how long the cut segment is (within a frame): the media time of
    // its last frame's end, less its first frame's (a segment's times go on from the run's start).
    const packets = execFileSync(
      'ffprobe',
      [
        '-v',
        'error',
        '-select_streams',
        'v',
        '-show_entries',
        'packet=pts_time,duration_time',
        '-of',
        'csv=p=0',
        file,
      ],
      { encoding: 'utf8' },
    )
      .trim()
      .split('\n')
      .map((l) => l.split(',').map(Number) as [number, number]);
    const first = Math.min(...packets.map(([pts]) => pts));
    const end = Math.max(...packets.map(([pts, d]) => pts + d));
    expect(Math.abs(end - first - (cut.endMs - cut.startMs) / 1000)).toBeLessThanOrEqual(0.1);
    rmSync(file);
  });
});

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
});

import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Uidd } from '@vigil/contracts';
import { createTestDb, TEST_DB_KINDS, type TestDb } from '@vigil/db/testing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Mp4Splitter } from '../bmff/splitter.ts';
import { makeFmp4 } from '../testing/fixtures.ts';
import { Stills } from './stills.ts';

const uidd = 'o.cam' as Uidd;
const JPEG = Buffer.from([0xff, 0xd8]);

describe.each(TEST_DB_KINDS)('stills [%s]', (kind) => {
  let db: TestDb;
  let dir: string;
  let stills: Stills;
  const stream = makeFmp4({ seconds: 2, fps: 10, gop: 10 });
  const events = new Mp4Splitter().push(stream);
  const init = events.find((e) => e.kind === 'init')!;
  const keyframes = events.flatMap((e) =>
    e.kind === 'fragment' && e.fragment.keyframe ? [e.fragment.data] : [],
  );

  beforeAll(async () => {
    db = await createTestDb(kind);
    dir = mkdtempSync(join(tmpdir(), 'vigil-stills-'));
    stills = new Stills({ ffmpegPath: 'ffmpeg', dir, db: db.db });
  });
  afterAll(async () => {
    await db?.destroy();
    if (dir) rmSync(dir, { recursive: true, force: true });
  });

  it('keeps the latest still and thumbnail of a camera, from a keyframe', async () => {
    if (init.kind !== 'init') throw new Error('no init');
    await stills.fromKeyframe(uidd, init.init.data, keyframes[0]!, 1000);
    const latest = await stills.fromKeyframe(uidd, init.init.data, keyframes[1]!, 2000);
    expect(await stills.latest(uidd)).toEqual(latest);
    expect(latest).toMatchObject({ thumbMs: 2000, stillMs: 2000 });
    expect(readFileSync(latest.stillPath!).subarray(0, 2)).toEqual(JPEG);
    expect(readFileSync(latest.thumbPath!).length).toBeLessThan(readFileSync(latest.stillPath!).length);
    await stills.forget(uidd);
    expect(await stills.latest(uidd)).toBeUndefined();
    expect(existsSync(latest.stillPath!)).toBe(false);
  });

  it('makes a JPEG of any instant of a segment', async () => {
    if (init.kind !== 'init') throw new Error('no init');
    const segment = stream.subarray(init.init.data.length);
    expect((await stills.fromSegment(init.init.data, segment, 1.25)).subarray(0, 2)).toEqual(JPEG);
  });
});

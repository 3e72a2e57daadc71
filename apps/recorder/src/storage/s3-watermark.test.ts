import { existsSync, mkdirSync, mkdtempSync, readdirSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import type { S3Client } from '@aws-sdk/client-s3';
import type { EpochMs, Uidd } from '@vigil/contracts';
import { createTestDb, type TestDb } from '@vigil/db/testing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { silentLog } from '../log.ts';
import { initRel, segmentRel } from './layout.ts';
import { S3SegmentStore } from './s3-segment-store.ts';
import { type Segment, SegmentsRepository } from './segments-repository.ts';
import { StorageWatermark } from './watermark.ts';

/**
 * The storage watermark on a disk that caches a bucket (decision 0619): it frees the disk by removing copies already
 * uploaded (nothing lost), and only while the bucket is away, the oldest segments still waiting; it never deletes
 * footage that is in the bucket (that would free nothing here). The bucket is a stand-in that takes or refuses
 * requests and notes them: the S3 protocol itself is s3-segments.test.ts's (the server's, against s3rver).
 */
const MiB = 1024 * 1024;
const T0 = Date.UTC(2026, 10, 24, 12);
const uidd = 'owner1.cam1' as Uidd;

let db: TestDb;
let root: string;
let repo: SegmentsRepository;
let store: S3SegmentStore;
let down = false;
const puts: string[] = [];
const deletes: string[] = [];

/** Segment i: 4 s from T0 + 4 i s, of `bytes`, written on the disk and indexed. */
async function segment(i: number, bytes = MiB): Promise<Segment> {
  const startMs = T0 + i * 4000;
  const path = segmentRel(uidd, 'main', startMs, 'ab12');
  mkdirSync(dirname(join(root, path)), { recursive: true });
  writeFileSync(join(root, path), Buffer.alloc(bytes, i));
  return repo.insert({
    uidd,
    stream: 'main',
    startMs: startMs as EpochMs,
    endMs: (startMs + 4000) as EpochMs,
    bytes,
    path,
    initPath: initRel(uidd, 'main', 'ab12'),
    codec: 'avc1.64001f',
  });
}

/** A 100 MiB disk holding the files on it: the watermark asks for 97 MiB (less 1 KiB) free: 3 MiB of segments fit. */
function space() {
  const used = (dir: string): number =>
    readdirSync(dir, { withFileTypes: true }).reduce(
      (n, e) => n + (e.isDirectory() ? used(join(dir, e.name)) : statSync(join(dir, e.name)).size),
      0,
    );
  return { totalBytes: 100 * MiB, freeBytes: 100 * MiB - used(root) };
}

const onDisk = (s: Segment) => existsSync(join(root, s.path));
const indexed = async () =>
  (await repo.list(uidd, 'main', 0 as EpochMs, (T0 + 3_600_000) as EpochMs)).map((s) => s.path);

beforeAll(async () => {
  db = await createTestDb('sqlite');
  repo = new SegmentsRepository(db.db);
  root = mkdtempSync(join(tmpdir(), 'vigil-s3-watermark-'));
  mkdirSync(join(root, uidd, 'main'), { recursive: true });
  writeFileSync(join(root, initRel(uidd, 'main', 'ab12')), Buffer.alloc(100));
  const client = {
    async send(cmd: { constructor: { name: string }; input: Record<string, unknown> }) {
      if (down) throw Object.assign(new Error('connect ECONNREFUSED'), { name: 'Error' });
      if (cmd.constructor.name === 'PutObjectCommand') puts.push(String(cmd.input.Key));
      if (cmd.constructor.name === 'DeleteObjectsCommand')
        for (const o of (cmd.input.Delete as { Objects: { Key: string }[] }).Objects) deletes.push(o.Key);
      return {};
    },
    destroy() {},
  } as unknown as S3Client;
  store = new S3SegmentStore({
    root,
    stagingDir: join(root, '..', 'staging-unused'),
    client,
    bucket: 'vigil-test',
    prefix: '',
    // Kept here for an hour after the upload: only the watermark frees them in this test.
    keepLocalMs: 3_600_000,
    retryMs: 60_000,
    log: silentLog,
  });
});

afterAll(async () => {
  await store?.close();
  await db?.destroy();
  rmSync(root, { recursive: true, force: true });
});

describe('the storage watermark with segments in a bucket (decision 0619)', () => {
  const settings = { minFreePercent: 0, minFreeBytes: 97 * MiB - 1024, reserveBytes: 0 };
  const check = async () =>
    (
      await new StorageWatermark({
        root,
        store,
        repo,
        settings,
        keepRecentMs: 0,
        reclaimers: () => [],
        log: silentLog,
        now: () => T0 + 3_600_000,
        space,
      }).check()
    ).state;

  it('removes uploaded copies first: every segment stays indexed and in the bucket', async () => {
    const uploaded = await Promise.all([0, 1, 2, 3, 4, 5].map((i) => segment(i)));
    for (const s of uploaded) store.closed(s.path);
    await store.drain();
    expect(puts.sort()).toEqual([initRel(uidd, 'main', 'ab12'), ...uploaded.map((s) => s.path)].sort());
    expect(uploaded.every(onDisk)).toBe(true);
    const state = await check();
    expect(state).toBe('ok');
    // The three oldest uploads left the disk; nothing was deleted from the index or the bucket.
    expect(uploaded.map(onDisk)).toEqual([false, false, false, true, true, true]);
    expect(await indexed()).toEqual(uploaded.map((s) => s.path));
    expect(deletes).toEqual([]);
  });

  it('with the bucket away, deletes the oldest segments still waiting, never footage in the bucket', async () => {
    down = true;
    // 60 segments of 64 KiB (3.75 MiB) closed while the bucket does not answer: they wait on the disk.
    const waiting: Segment[] = [];
    for (let i = 6; i < 66; i += 1) waiting.push(await segment(i, 64 * 1024));
    for (const s of waiting) store.closed(s.path);
    await store.drain();
    expect(waiting.every(onDisk)).toBe(true);
    expect(await check()).toBe('ok');
    // The uploaded copies went first (nothing lost); then the oldest waiting segments, one step (50) of them, files
    // and rows; the newest ten stay. Footage in the bucket is all still indexed.
    expect(waiting.map(onDisk)).toEqual([...Array(50).fill(false), ...Array(10).fill(true)]);
    const all = await indexed();
    expect(all.filter((p) => waiting.some((w) => w.path === p))).toEqual(
      waiting.slice(50).map((w) => w.path),
    );
    for (const i of [0, 1, 2, 3, 4, 5])
      expect(all).toContain(segmentRel(uidd, 'main', T0 + i * 4000, 'ab12'));
    expect(existsSync(join(root, segmentRel(uidd, 'main', T0 + 5 * 4000, 'ab12')))).toBe(false);
  });
});

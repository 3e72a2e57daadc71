import { execFileSync } from 'node:child_process';
import {
  closeSync,
  existsSync,
  mkdtempSync,
  openSync,
  readdirSync,
  rmdirSync,
  rmSync,
  statfsSync,
  writeFileSync,
  writeSync,
} from 'node:fs';
import { tmpdir } from 'node:os';
import { join, relative } from 'node:path';
import type { Recorder } from '@vigil/recorder';
import { type Simulator, startSimulator } from '@vigil/simulator';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { describeEachDb, type TestApp } from '../../testing/harness.ts';
import { type SignedIn, signedInUser, signIn } from '../../testing/sessions.ts';
import { Recording } from '../recording/recording.ts';
import { until } from '../recording/testing.ts';

/**
 * Issue 14, for real: DATA_DIR is a 64 MiB tmpfs (the database lives elsewhere: in memory, or PostgreSQL), two
 * simulated cameras of two accounts record into it, a file of ours takes the room until the watermark (25 %: 16 MiB)
 * has to delete, then a second file takes what the watermark frees until it cannot be kept at all.
 */
const MiB = 1024 * 1024;
const TOTAL = 64 * MiB;
const REQUIRED_FREE = 16 * MiB;
const SUPPORT = 'support@vigil.local';

const isRoot = process.getuid?.() === 0;
const mounts: string[] = [];
let sim: Simulator | undefined;

function mountedDataDir(): string {
  const dir = mkdtempSync(join(tmpdir(), 'vigil-disk-full-'));
  execFileSync('mount', ['-t', 'tmpfs', '-o', 'size=64m', 'tmpfs', dir]);
  mounts.push(dir);
  return dir;
}

const freeBytes = (dir: string) => {
  const s = statfsSync(dir);
  return s.bavail * s.bsize;
};

/** Every file under dir, relative to it. */
function filesUnder(dir: string): string[] {
  if (!existsSync(dir)) return [];
  return readdirSync(dir, { recursive: true, withFileTypes: true })
    .filter((e) => e.isFile())
    .map((e) => relative(dir, join(e.parentPath, e.name)));
}

/** Closed segment files on disk (an outside view: the file names carry their start), oldest first. */
const segmentFiles = (dataDir: string) =>
  filesUnder(join(dataDir, 'recordings'))
    .filter((f) => f.endsWith('.m4s'))
    .map((path) => ({ path, startMs: Number(/(\d+)\.[0-9a-f]+\.m4s$/.exec(path)?.[1]) }))
    .sort((a, b) => a.startMs - b.startMs);

const pictureFiles = (dataDir: string) =>
  filesUnder(join(dataDir, 'events')).filter((f) => f.endsWith('.jpg'));

/** Appends to `path` until it holds `bytes`, taking free space as it appears; false while the disk is full. */
function grow(path: string, bytes: number): () => boolean {
  const fd = openSync(path, 'a');
  const chunk = Buffer.alloc(MiB, 7);
  let size = 0;
  return () => {
    try {
      while (size < bytes) size += writeSync(fd, chunk, 0, Math.min(chunk.length, bytes - size));
      closeSync(fd);
      return true;
    } catch (err) {
      if ((err as NodeJS.ErrnoException).code !== 'ENOSPC') throw err;
      return false;
    }
  };
}

beforeAll(async () => {
  if (!isRoot) return;
  sim = await startSimulator({
    cameras: [
      { gopSec: 1, kbps: 4000 },
      { gopSec: 1, kbps: 4000 },
    ],
    portRange: [19140, 19179],
  });
  // The first run encodes the cameras' loops.
}, 180_000);
afterAll(async () => {
  await sim?.stop();
  for (const dir of mounts) {
    execFileSync('umount', [dir]);
    rmdirSync(dir);
  }
});

describe.skipIf(!isRoot)('a full recordings disk (skipped unless root: it mounts a tmpfs)', () => {
  describeEachDb(
    'storage watermark',
    (ctx) => {
      let t: TestApp;
      let dataDir: string;
      let recorder: Recorder;
      const owners: SignedIn[] = [];
      const uidds: string[] = [];
      let fullChecks = 0;
      /** The first event picture on disk, and when it appeared. */
      let firstPicture: { path: string; at: number };
      /** When our first file left the watermark nearly reached, and its size. */
      let filledAt: number;
      let ballast1: number;

      const rows = async () =>
        (await t.db.db.selectFrom('segments').select(['path', 'start_ms']).execute()).map((r) => ({
          path: r.path,
          startMs: Number(r.start_ms),
        }));
      const status = async (owner: SignedIn, uidd: string) =>
        (await t.call({ method: 'GET', url: `/cameras/status?uidd[]=${uidd}`, token: owner.token })).json
          .result.devices[0];

      beforeAll(async () => {
        t = ctx();
        dataDir = t.config.DATA_DIR;
        recorder = (t.app.services.recording as Recording).recorder as Recorder;
        recorder.on('storage', (s) => {
          if (s.state === 'full') fullChecks += 1;
        });
        for (const cam of sim?.cameras ?? []) {
          const owner = await signedInUser(t);
          const res = await t.call({
            method: 'POST',
            url: '/cameras',
            token: owner.token,
            payload: { url: cam.urls.main },
          });
          expect(res.status, JSON.stringify(res.json)).toBe(201);
          owners.push(owner);
          uidds.push(res.json.uidd);
        }
      });

      it('is the disk we think it is: 64 MiB, and nothing of the database on it', () => {
        const s = statfsSync(dataDir);
        expect(s.blocks * s.bsize).toBe(TOTAL);
        expect(recorder.storage.requiredFreeBytes).toBe(REQUIRED_FREE);
        expect(filesUnder(dataDir).filter((f) => /sqlite|wal/.test(f))).toEqual([]);
      });

      it('deletes the oldest footage of every camera and keeps recording once the disk fills', async () => {
        // An event's pictures first, so that there is something to keep until the footage is gone.
        const [picture] = await until(
          () => pictureFiles(dataDir).length > 0 && pictureFiles(dataDir),
          60_000,
        );
        firstPicture = { path: join(dataDir, 'events', picture as string), at: Date.now() };
        // Our file leaves 3 MiB above the watermark: the cameras fill that in seconds.
        ballast1 = freeBytes(dataDir) - REQUIRED_FREE - 3 * MiB;
        writeFileSync(join(dataDir, 'ballast-1'), Buffer.alloc(ballast1, 1));
        filledAt = Date.now();
        const before = segmentFiles(dataDir);
        const oldest = before[0] as { path: string; startMs: number };
        // The oldest recorded segment goes, and so does all footage older than the event's picture, and footage
        // recorded well after the fill keeps coming in.
        await until(async () => {
          const files = segmentFiles(dataDir);
          return (
            !existsSync(join(dataDir, 'recordings', oldest.path)) &&
            (files[0]?.startMs ?? 0) > firstPicture.at &&
            files.filter((f) => f.startMs > filledAt + 5000).length >= 4
          );
        }, 90_000);
        // Above the watermark again, give or take the segment being written.
        expect(freeBytes(dataDir)).toBeGreaterThan(REQUIRED_FREE - 4 * MiB);

        // Oldest first across both cameras (two accounts): everything deleted started before everything kept.
        const kept = new Set(segmentFiles(dataDir).map((f) => f.path));
        const deleted = before.filter((f) => !kept.has(f.path));
        const keptOfBefore = before.filter((f) => kept.has(f.path));
        expect(deleted.length).toBeGreaterThan(0);
        expect(new Set(deleted.map((f) => f.path.split('/')[0])).size).toBe(2);
        expect(Math.max(...deleted.map((f) => f.startMs))).toBeLessThanOrEqual(
          Math.min(...keptOfBefore.map((f) => f.startMs)),
        );

        // Files and rows together: no file without its row (but the newest, whose rows the index batcher writes
        // within a second), and no row left without its file (a pass deletes files, then their rows: a row seen
        // while its file is being deleted goes within the pass).
        const indexed = await rows();
        const onDisk = segmentFiles(dataDir);
        const newestRow = Math.max(...indexed.map((r) => r.startMs));
        const rowPaths = new Set(indexed.map((r) => r.path));
        expect(onDisk.filter((f) => f.startMs < newestRow - 3000 && !rowPaths.has(f.path))).toEqual([]);
        const fileless = indexed
          .filter((r) => !existsSync(join(dataDir, 'recordings', r.path)))
          .map((r) => r.path);
        await until(async () => {
          const now = new Set((await rows()).map((r) => r.path));
          return fileless.every((p) => !now.has(p));
        }, 5000);

        // The event's pictures outlive the footage older than them.
        expect(existsSync(firstPicture.path)).toBe(true);
        expect(recorder.storage.state).toBe('ok');
        expect((await t.call({ method: 'GET', url: '/health' })).json.status).toBe('ok');
      }, 150_000);

      it('says storage full, degraded health, one e-mail to support, when the disk cannot be freed', async () => {
        // Our second file takes whatever the watermark frees, until even an empty disk of recordings would be
        // short by 4 MiB.
        const grown = grow(join(dataDir, 'ballast-2'), TOTAL - REQUIRED_FREE + 4 * MiB - ballast1);
        await until(grown, 90_000);
        const health = await until(async () => {
          const h = (await t.call({ method: 'GET', url: '/health' })).json;
          return h.status === 'degraded' && h;
        }, 30_000);
        expect(health.storage.state).toBe('full');
        expect(health.storage.freeBytes).toBeLessThan(REQUIRED_FREE);
        const fullAt = Date.now();

        for (const [i, uidd] of uidds.entries())
          expect((await status(owners[i] as SignedIn, uidd)).problem).toBe('storage full');
        // Footage went first, then the event pictures (of events that are over: an ongoing one's are rewritten at
        // its end): the first one goes, files and paths alike.
        await until(() => !existsSync(firstPicture.path), 30_000);
        const withPictures = await t.db.db
          .selectFrom('events')
          .select(['thumb_path', 'still_path'])
          .where('thumb_path', 'is not', null)
          .execute();
        for (const e of withPictures)
          expect(existsSync(e.thumb_path as string), e.thumb_path as string).toBe(true);

        // Still recording into what room is left: new segments after the disk became full.
        await until(async () => (await rows()).some((r) => r.startMs > fullAt), 30_000);

        // Many checks while full, one e-mail.
        const checks = fullChecks;
        await until(() => fullChecks >= checks + 5, 30_000);
        const mails = await t.db.db
          .selectFrom('outbox')
          .selectAll()
          .where('to_address', '=', SUPPORT)
          .execute();
        expect(mails.map((m) => m.subject)).toEqual(['Vigil: recordings storage full']);

        // The accounts do not depend on the recordings' disk: sign-in and registration still work.
        await signIn(t, owners[0]?.email as string, owners[0]?.password as string);
        const reg = await t.call({
          method: 'POST',
          url: '/account/register?caller=web',
          payload: {
            email: `full.disk.${t.kind}@example.com`,
            password: 'a long enough passphrase',
            language: 'en',
            country: 'gb',
            currency: 'gbp',
            caller: 'web',
          },
        });
        expect(reg.status, JSON.stringify(reg.json)).toBe(200);
      }, 150_000);

      it('leaves the last room to the database, and records again once support frees the disk', async () => {
        // A third file takes all but 1 MiB: below the 6 MiB reserve no segment is opened.
        await until(grow(join(dataDir, 'ballast-3'), freeBytes(dataDir) - MiB), 30_000);
        const paused = await until(async () => {
          const h = (await t.call({ method: 'GET', url: '/health' })).json;
          return h.storage.recordingPaused && h;
        }, 30_000);
        expect(paused.status).toBe('degraded');
        await signIn(t, owners[1]?.email as string, owners[1]?.password as string);

        // Support deletes what filled the disk: health, camera status and recording come back by themselves.
        rmSync(join(dataDir, 'ballast-2'));
        rmSync(join(dataDir, 'ballast-3'));
        const freedAt = Date.now();
        const health = await until(async () => {
          const h = (await t.call({ method: 'GET', url: '/health' })).json;
          return h.status === 'ok' && h;
        }, 30_000);
        expect(health.storage).toMatchObject({ state: 'ok', recordingPaused: false });
        for (const [i, uidd] of uidds.entries())
          expect((await status(owners[i] as SignedIn, uidd)).problem).toBeNull();
        await until(async () => {
          const recent = (await rows()).filter((r) => r.startMs > freedAt);
          return new Set(recent.map((r) => r.path.split('/')[0])).size === 2;
        }, 30_000);
      }, 120_000);
    },
    () => ({ DATA_DIR: mountedDataDir() }),
    () => ({
      recording: new Recording({
        dataDir: mounts.at(-1) as string,
        tuning: {
          segmentTargetMs: 1000,
          stallTimeoutMs: 4000,
          rtspTimeoutMs: 2000,
          backoffInitialMs: 300,
          backoffMaxMs: 1000,
          stillIntervalMs: 0,
          retentionIntervalMs: 0,
          storageWatermark: { minFreePercent: 25, minFreeBytes: 0, reserveBytes: 6 * MiB },
          storageCheckIntervalMs: 250,
          storageKeepRecentMs: 3000,
        },
      }),
    }),
  );
});

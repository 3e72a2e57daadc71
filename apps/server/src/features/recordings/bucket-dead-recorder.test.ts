import { rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { GetObjectCommand, HeadObjectCommand } from '@aws-sdk/client-s3';
import type { Uidd } from '@vigil/contracts';
import { type Simulator, startSimulator } from '@vigil/simulator';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../app.ts';
import { loadConfig } from '../../config.ts';
import { createTestApp, type TestApp } from '../../testing/harness.ts';
import { S3_TEST_KEYS, startTestS3, type TestS3 } from '../../testing/s3.ts';
import { type SignedIn, signedInUser } from '../../testing/sessions.ts';
import { type FleetProcess, healthy, postgresUp, startMain, stopAll } from '../fleet/testing.ts';
import { until } from '../recording/testing.ts';
import { probe } from './testing.ts';

/**
 * Footage of a dead recorder that reached the bucket (decision 0856), every part real on loopback: PostgreSQL, the
 * S3 stand-in (s3rver), a simulated camera, one `ROLE=recorder` process (SEGMENT_STORE=s3, copies leave its disk at
 * once) and a `ROLE=server` app in this process with the same bucket. The recorder uploads and marks segments; the
 * bucket is stopped, so the next segments stay on the recorder's disk only; the recorder is killed (SIGKILL) and
 * the bucket restarted. Asked of the server: the uploaded range plays (playlist files served here, bytes equal to
 * the bucket's objects) and downloads (ffprobe reads the clip); the range never uploaded is a 503
 * recording_host_offline within a second. A second server app with SEGMENT_PRESIGNED_SEC answers a file with a 307
 * to a presigned URL the S3 stand-in serves (decision 0857). Ports (helper bucket): 22300–22399.
 */
const BUCKET = 'vigil-bucket-test';
const PREFIX = 'fleet/';
const RECORDER_PORT = 22301;
const pgUp = await postgresUp();

interface Row {
  path: string;
  initPath: string;
  startMs: number;
  endMs: number;
  bytes: number;
  storedMs: number | null;
}

const sec = (ms: number) => Math.floor(ms / 1000);

describe.skipIf(!pgUp)('a dead recorder’s footage in the bucket [postgres]', () => {
  let s3: TestS3;
  let sim: Simulator;
  let t: TestApp;
  let owner: SignedIn;
  let uidd: Uidd;
  let recorder: FleetProcess | undefined;
  let presigning: FastifyInstance | undefined;
  let moved: Row[] = [];
  let unmoved: Row[] = [];

  const rows = async (): Promise<Row[]> =>
    (
      await t.db.db
        .selectFrom('segments')
        .select(['path', 'init_path', 'start_ms', 'end_ms', 'bytes', 'stored_ms'])
        .where('camera_uidd', '=', uidd)
        .where('stream', '=', 'main')
        .orderBy('start_ms')
        .execute()
    ).map((r) => ({
      path: r.path,
      initPath: r.init_path,
      startMs: Number(r.start_ms),
      endMs: Number(r.end_ms),
      bytes: Number(r.bytes),
      storedMs: r.stored_ms === null || r.stored_ms === undefined ? null : Number(r.stored_ms),
    }));
  const objectBytes = async (path: string) => {
    const res = await s3.client.send(new GetObjectCommand({ Bucket: BUCKET, Key: `${PREFIX}${path}` }));
    return Buffer.from(await res.Body!.transformToByteArray());
  };
  const route = (kind: 'hls' | 'video/mp4', from: number, to: number) => {
    const [o, d] = uidd.split('.') as [string, string];
    return kind === 'hls' ? `/hls/${o}/${d}/${from}/${to}` : `/video/mp4/${o}/${d}/${from}/${to}`;
  };
  const get = (app: FastifyInstance, url: string, headers: Record<string, string> = {}) =>
    app.inject({ method: 'GET', url, headers: { authorization: `Bearer ${owner.token}`, ...headers } });
  const s3Env = () => ({
    SEGMENT_STORE: 's3',
    S3_ENDPOINT: s3.endpoint,
    S3_BUCKET: BUCKET,
    S3_PREFIX: PREFIX,
    S3_ACCESS_KEY_ID: S3_TEST_KEYS.accessKeyId,
    S3_SECRET_ACCESS_KEY: S3_TEST_KEYS.secretAccessKey,
  });

  beforeAll(async () => {
    s3 = await startTestS3(BUCKET);
    sim = await startSimulator({ cameras: [{ gopSec: 1, fps: 10 }], portRange: [22340, 22359] });
    t = await createTestApp('postgres', {
      PUBLIC_URL: 'http://127.0.0.1:22300',
      ROLE: 'server',
      DATABASE_URL: 'postgres://unused/x',
      LEASE_TTL_SEC: '3',
      ...s3Env(),
    });
    owner = await signedInUser(t);
    const res = await t.call({
      method: 'POST',
      url: '/cameras',
      token: owner.token,
      payload: { url: sim.cameras[0]!.urls.main, name: 'Yard' },
    });
    expect(res.status, JSON.stringify(res.json)).toBe(201);
    uidd = res.json.uidd;
    recorder = startMain('rec-1', RECORDER_PORT, {
      ...s3Env(),
      DATABASE_URL: t.db.url as string,
      ROLE: 'recorder',
      RECORDER_ID: 'rec-1',
      RECORDER_PUBLIC_URL: `http://127.0.0.1:${RECORDER_PORT}`,
      LEASE_TTL_SEC: '3',
      SEGMENT_LOCAL_KEEP_MIN: '0',
    });
    await healthy(recorder);
  }, 90_000);

  afterAll(async () => {
    if (recorder) await stopAll([recorder]);
    await presigning?.close();
    await t?.app.close();
    await t?.db.destroy();
    await sim?.stop();
    await s3?.close();
  });

  it('marks the segments it uploads; those recorded while the bucket is away stay unmarked', async () => {
    // Uploaded and marked: the bucket holds each, with the index's byte count (the oracle: the bucket, read here).
    const marked = await until(async () => {
      const r = (await rows()).filter((s) => s.storedMs !== null);
      return r.length >= 4 ? r : undefined;
    }, 60_000);
    for (const s of marked) {
      const head = await s3.client.send(new HeadObjectCommand({ Bucket: BUCKET, Key: `${PREFIX}${s.path}` }));
      expect(head.ContentLength).toBe(s.bytes);
    }
    await s3.stop();
    const stoppedAt = Date.now();
    unmoved = await until(async () => {
      const r = (await rows()).filter((s) => s.startMs > stoppedAt);
      return r.length >= 3 ? r : undefined;
    }, 40_000);
    expect(unmoved.every((s) => s.storedMs === null)).toBe(true);
    // The last mark may lag its upload by a second (marks are batched): wait for it before the kill.
    await new Promise((r) => setTimeout(r, 1500));
    recorder!.child.kill('SIGKILL');
    await recorder!.exited;
    await s3.restart();
    moved = (await rows()).filter((s) => s.storedMs !== null);
    expect(moved.length).toBeGreaterThanOrEqual(4);
    expect(moved.at(-1)!.endMs).toBeLessThanOrEqual(unmoved[0]!.startMs);
  }, 120_000);

  it('the footage never uploaded is a 503 recording_host_offline at once, playlist and download', async () => {
    const from = sec(unmoved[0]!.startMs) + 1;
    const to = sec(unmoved.at(-1)!.endMs);
    // The server sees the recorder dead once its heartbeat is older than the lease (its list is re-read each 10 s).
    await until(
      async () => (await get(t.app, `${route('hls', from, to)}/index.m3u8`)).statusCode === 503,
      30_000,
    );
    for (const url of [`${route('hls', from, to)}/index.m3u8`, route('video/mp4', from, to)]) {
      const started = Date.now();
      const res = await get(t.app, url);
      expect(Date.now() - started).toBeLessThan(1000);
      expect(res.statusCode).toBe(503);
      expect(res.json().code).toBe('recording_host_offline');
      expect(res.json().error).toContain('rec-1');
    }
  }, 60_000);

  it('the uploaded footage plays from the bucket through the server, byte ranges included', async () => {
    const from = sec(moved[0]!.startMs) + 1;
    const to = sec(moved.at(-1)!.endMs);
    const list = await get(t.app, `${route('hls', from, to)}/index.m3u8`);
    expect(list.statusCode).toBe(200);
    const files = list.body.split('\n').filter((l) => l.startsWith('f/'));
    expect(files.length).toBeGreaterThanOrEqual(2);
    // Served here (relative), never at the dead recorder's address.
    expect(list.body).not.toContain(`:${RECORDER_PORT}`);
    const file = files.find((l) => l.endsWith('.m4s'))!;
    const expected = await objectBytes(`${uidd}/${file.replace(/^f\/[^/]+\//, '')}`);
    const part = await get(t.app, `${route('hls', from, to)}/${file}`, { range: 'bytes=0-99' });
    expect(part.statusCode).toBe(206);
    expect(part.rawPayload.equals(expected.subarray(0, 100))).toBe(true);
    const whole = await get(t.app, `${route('hls', from, to)}/${file}`);
    expect(whole.rawPayload.equals(expected)).toBe(true);
    // A range across both: the uploaded part plays, the rest is a gap (decision 0615), no address of the dead one.
    const across = await get(t.app, `${route('hls', from, sec(unmoved.at(-1)!.endMs))}/index.m3u8`);
    expect(across.statusCode).toBe(200);
    expect(across.body).not.toContain(`:${RECORDER_PORT}`);
    const names = across.body.split('\n').filter((l) => l.endsWith('.m4s'));
    expect(names.every((l) => moved.some((s) => s.path.endsWith(l.replace(/^f\/[^/]+\/main\//, ''))))).toBe(
      true,
    );
  }, 60_000);

  it('the uploaded footage downloads as a clip ffprobe reads', async () => {
    const from = sec(moved[0]!.startMs) + 1;
    const to = sec(moved.at(-1)!.endMs);
    const clip = await get(t.app, route('video/mp4', from, to));
    expect(clip.statusCode, clip.body.slice(0, 300)).toBe(200);
    const out = join(tmpdir(), `vigil-bucket-clip-${process.pid}.mp4`);
    writeFileSync(out, clip.rawPayload);
    const p = probe(out);
    expect(p.errors).toBe('');
    expect(p.streams).toContain('video');
    expect(p.duration).toBeGreaterThan(to - from - 2);
    rmSync(out, { force: true });
  }, 60_000);

  it('SEGMENT_PRESIGNED_SEC: a file is a 307 to a short-lived presigned URL the bucket answers', async () => {
    presigning = await buildApp({
      config: loadConfig({
        DATA_DIR: t.config.DATA_DIR,
        WEB_DIST: '/nonexistent',
        SUPPORT_PASSWORD: 'support-password-1',
        PUBLIC_URL: 'http://127.0.0.1:22302',
        ROLE: 'server',
        DATABASE_URL: 'postgres://unused/x',
        LEASE_TTL_SEC: '3',
        SEGMENT_PRESIGNED_SEC: '60',
        ...s3Env(),
      }),
      database: t.db,
      logger: false,
    });
    const from = sec(moved[0]!.startMs) + 1;
    const to = sec(moved.at(-1)!.endMs);
    const list = await get(presigning, `${route('hls', from, to)}/index.m3u8`);
    expect(list.statusCode).toBe(200);
    const file = list.body.split('\n').find((l) => l.startsWith('f/') && l.endsWith('.m4s'))!;
    const res = await get(presigning, `${route('hls', from, to)}/${file}`);
    expect(res.statusCode).toBe(307);
    expect(res.headers['cache-control']).toBe('no-store');
    const location = new URL(res.headers.location as string);
    expect(location.origin).toBe(s3.endpoint);
    expect(location.pathname).toBe(`/${BUCKET}/${PREFIX}${uidd}/${file.replace(/^f\/[^/]+\//, '')}`);
    expect(location.searchParams.get('X-Amz-Expires')).toBe('60');
    expect(location.searchParams.get('X-Amz-SignedHeaders')).toBe('host');
    // The stand-in checks the key id and the expiry of a query-signed request (it does not compute V4 signatures:
    // the signature itself is checked against AWS's example in sigv4-presign.test.ts).
    const expected = await objectBytes(`${uidd}/${file.replace(/^f\/[^/]+\//, '')}`);
    const part = await fetch(location, { headers: { range: 'bytes=0-99' } });
    expect(part.status).toBe(206);
    expect(Buffer.from(await part.arrayBuffer()).equals(expected.subarray(0, 100))).toBe(true);
    // A grant that does not cover the file is refused before any URL is made.
    const refused = await get(presigning, `${route('hls', from, to)}/f/not-a-grant/main/x.m4s`);
    expect(refused.statusCode).toBe(403);
  }, 60_000);
});

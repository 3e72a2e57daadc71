import { ListObjectsV2Command } from '@aws-sdk/client-s3';
import type { Uidd } from '@vigil/contracts';
import { type Simulator, startSimulator } from '@vigil/simulator';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../testing/harness.ts';
import { S3_TEST_KEYS, startTestS3, type TestS3 } from '../../testing/s3.ts';
import { signedInUser } from '../../testing/sessions.ts';
import { type FleetProcess, healthy, postgresUp, startMain, stopAll } from '../fleet/testing.ts';
import { until } from '../recording/testing.ts';

/**
 * Retention of a dead recorder's footage (decision 0882), every part real on loopback: PostgreSQL, the S3 stand-in
 * (s3rver), a simulated camera and two `ROLE=recorder` processes of main.ts with SEGMENT_STORE=s3. Recorder A
 * records and uploads, and is killed (SIGKILL). The camera keeps 1 day; the older half of A's rows is moved 2 days
 * back (what time would do), one of them with its upload mark lost. Recorder B takes the camera and its retention
 * (every 2 s) deletes the old half's objects (a listing of the bucket with a client of the test's own) and rows; A's
 * newer half, rows and objects, and B's own footage stay. Ports (helper retention15): 23700–23799.
 */
const BUCKET = 'vigil-gone-test';
const PREFIX = 'gone/';
const DAY_MS = 86_400_000;
const pgUp = await postgresUp();

interface Row {
  id: string;
  path: string;
  recorder: string | null;
  stored: boolean;
}

describe.skipIf(!pgUp)('retention of a dead recorder’s footage [postgres]', () => {
  let s3: TestS3;
  let sim: Simulator;
  let t: TestApp;
  let uidd: Uidd;
  const procs: FleetProcess[] = [];

  const rows = async (): Promise<Row[]> =>
    (
      await t.db.db
        .selectFrom('segments')
        .select(['id', 'path', 'recorder_id', 'stored_ms'])
        .where('camera_uidd', '=', uidd)
        .orderBy('start_ms')
        .execute()
    ).map((r) => ({
      id: r.id,
      path: r.path,
      recorder: r.recorder_id ?? null,
      stored: r.stored_ms !== null && r.stored_ms !== undefined,
    }));
  /** Every object key under the camera's folder, read by the test's own client. */
  const objects = async (): Promise<Set<string>> => {
    const keys = new Set<string>();
    let token: string | undefined;
    do {
      const page = await s3.client.send(
        new ListObjectsV2Command({ Bucket: BUCKET, Prefix: `${PREFIX}${uidd}/`, ContinuationToken: token }),
      );
      for (const o of page.Contents ?? []) if (o.Key) keys.add(o.Key.slice(PREFIX.length));
      token = page.IsTruncated ? page.NextContinuationToken : undefined;
    } while (token);
    return keys;
  };
  const recorder = (id: string, port: number, env: Record<string, string> = {}) =>
    startMain(id, port, {
      SEGMENT_STORE: 's3',
      S3_ENDPOINT: s3.endpoint,
      S3_BUCKET: BUCKET,
      S3_PREFIX: PREFIX,
      S3_ACCESS_KEY_ID: S3_TEST_KEYS.accessKeyId,
      S3_SECRET_ACCESS_KEY: S3_TEST_KEYS.secretAccessKey,
      DATABASE_URL: t.db.url as string,
      ROLE: 'recorder',
      RECORDER_ID: id,
      RECORDER_PUBLIC_URL: `http://127.0.0.1:${port}`,
      LEASE_TTL_SEC: '3',
      SEGMENT_LOCAL_KEEP_MIN: '0',
      ...env,
    });

  beforeAll(async () => {
    s3 = await startTestS3(BUCKET);
    sim = await startSimulator({ cameras: [{ gopSec: 1, fps: 10 }], portRange: [23740, 23759] });
    t = await createTestApp('postgres', {
      PUBLIC_URL: 'http://127.0.0.1:23700',
      ROLE: 'server',
      DATABASE_URL: 'postgres://unused/x',
      LEASE_TTL_SEC: '3',
    });
    const owner = await signedInUser(t);
    const res = await t.call({
      method: 'POST',
      url: '/cameras',
      token: owner.token,
      payload: { url: sim.cameras[0]!.urls.main, name: 'Gate' },
    });
    expect(res.status, JSON.stringify(res.json)).toBe(201);
    uidd = res.json.uidd;
  }, 90_000);

  afterAll(async () => {
    await stopAll(procs);
    await t?.app.close();
    await t?.db.destroy();
    await sim?.stop();
    await s3?.close();
  });

  it('the lease holder deletes a dead recorder’s footage past retention, bucket and index; the rest stays', async () => {
    const a = recorder('rec-a', 23701);
    procs.push(a);
    await healthy(a);
    // A's footage: at least 6 segments uploaded and marked.
    await until(async () => ((await rows()).filter((r) => r.stored).length >= 6 ? true : undefined), 60_000);
    // The last mark may lag its upload by a second (marks are batched): wait for it before the kill.
    await new Promise((r) => setTimeout(r, 1500));
    a.child.kill('SIGKILL');
    await a.exited;

    const ofA = (await rows()).filter((r) => r.recorder === 'rec-a' && r.stored);
    const old = ofA.slice(0, Math.floor(ofA.length / 2));
    const kept = ofA.slice(old.length);
    const before = await objects();
    for (const r of ofA) expect(before.has(r.path), r.path).toBe(true);
    // Two days pass for the older half; the camera keeps one day. One old row lost its upload mark (a crash, 0856).
    await t.db.db
      .updateTable('segments')
      .set((eb) => ({ start_ms: eb('start_ms', '-', 2 * DAY_MS), end_ms: eb('end_ms', '-', 2 * DAY_MS) }))
      .where(
        'id',
        'in',
        old.map((r) => r.id),
      )
      .execute();
    await t.db.db.updateTable('segments').set({ stored_ms: null }).where('id', '=', old[0]!.id).execute();
    await t.db.db.updateTable('cameras').set({ cloud_storage_days: 1 }).where('uidd', '=', uidd).execute();

    const b = recorder('rec-b', 23702, { RETENTION_INTERVAL_SEC: '2' });
    procs.push(b);
    await healthy(b);
    // B takes the camera once A's lease has expired, records, and its retention sweeps.
    const after = await until(async () => {
      const now = await rows();
      const ids = new Set(now.map((r) => r.id));
      const ownB = now.filter((r) => r.recorder === 'rec-b').length;
      return ownB >= 2 && old.every((r) => !ids.has(r.id)) ? now : undefined;
    }, 60_000);
    // The objects of the old half are gone from the bucket, as listed by the test's own client.
    const listed = await until(async () => {
      const keys = await objects();
      return old.every((r) => !keys.has(r.path)) ? keys : undefined;
    }, 20_000);
    // Within retention: A's newer half stays, rows and objects; B's footage stays.
    const ids = new Set(after.map((r) => r.id));
    for (const r of kept) {
      expect(ids.has(r.id), r.path).toBe(true);
      expect(listed.has(r.path), r.path).toBe(true);
    }
    const ofB = after.filter((r) => r.recorder === 'rec-b');
    expect(ofB.length).toBeGreaterThanOrEqual(2);
    // A later sweep keeps them too.
    await new Promise((r) => setTimeout(r, 4500));
    const later = new Set((await rows()).map((r) => r.id));
    for (const r of [...kept, ...ofB]) expect(later.has(r.id), r.path).toBe(true);
    const finalKeys = await objects();
    for (const r of kept) expect(finalKeys.has(r.path), r.path).toBe(true);
  }, 180_000);
});

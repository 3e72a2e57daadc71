import type { NatsConnection } from '@nats-io/transport-node';
import type { Uid, Uidd } from '@vigil/contracts';
import { epochMs } from '@vigil/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { HttpError } from '../../http/errors.ts';
import { natsClient, SHARED_NATS_URL, uniqueName } from '../../testing/nats.ts';
import { NatsTaskTransport, serveCameraTasks, taskSubject } from './nats-tasks.ts';
import { InProcessTaskTransport, RoutedCameraTasks } from './task-transport.ts';
import {
  type CameraChange,
  type CameraTaskReply,
  type CameraTaskRequest,
  intentOf,
  RecordedCameraTasks,
} from './tasks.ts';

const CAM = 'u1.cam1' as Uidd;
const task = (
  uidd: Uidd,
  action: 'livecommand' | 'uninstall' | 'ptz_left' = 'livecommand',
): CameraTaskRequest => ({
  uidd,
  action,
  intent: intentOf(action),
  by: 'u1' as Uid,
  at: epochMs(1_700_000_000_000),
});

/** A recorder's CameraTasks: answers livecommand with a stream name, refuses an unknown camera as Recording does. */
class FakeRecorder extends RecordedCameraTasks {
  readonly name: string;
  constructor(name: string) {
    super();
    this.name = name;
  }
  override async run(t: CameraTaskRequest): Promise<CameraTaskReply> {
    await super.run(t);
    if (t.uidd === ('u1.unknown' as Uidd))
      throw new HttpError(503, 'live_unavailable', 'Live video of this camera is not available yet');
    if (t.uidd === ('u1.hangs' as Uidd)) return new Promise(() => {});
    return { data: { liveStreamName: t.uidd, recorder: this.name } };
  }
}

const until = async (cond: () => boolean, ms = 5_000) => {
  const start = Date.now();
  while (!cond()) {
    if (Date.now() - start > ms) throw new Error('timed out');
    await new Promise((r) => setTimeout(r, 10));
  }
};

describe('camera tasks over NATS request/reply', () => {
  let serverConn: NatsConnection;
  let recorderConn: NatsConnection;
  const prefix = `${uniqueName('t')}.tasks`;
  const r1 = new FakeRecorder('r1');
  const r2 = new FakeRecorder('r2');
  const leases = new Map<string, string>([
    [CAM, 'rec-1.example.com:8081'],
    ['u1.cam2', 'rec-2:8081'],
    ['u1.unknown', 'rec-1.example.com:8081'],
    ['u1.hangs', 'rec-1.example.com:8081'],
    ['u1.orphan', 'rec-gone:8081'],
  ]);
  let served: { close(): Promise<void> }[];
  let tasks: RoutedCameraTasks;
  const warnings: string[] = [];

  beforeAll(async () => {
    serverConn = await natsClient(SHARED_NATS_URL, 'server');
    recorderConn = await natsClient(SHARED_NATS_URL, 'recorders');
    served = [
      serveCameraTasks(recorderConn, 'rec-1.example.com:8081', r1, { subjectPrefix: prefix }),
      serveCameraTasks(recorderConn, 'rec-2:8081', r2, { subjectPrefix: prefix }),
    ];
    // The subscriptions must reach NATS before the first request.
    await recorderConn.flush();
    tasks = new RoutedCameraTasks({
      transport: new NatsTaskTransport(serverConn, { subjectPrefix: prefix, timeoutMs: 500 }),
      recorderOf: async (uidd) => leases.get(uidd),
      log: { warn: (_o, msg) => warnings.push(msg) },
    });
  });
  afterAll(async () => {
    for (const s of served) await s.close();
    await serverConn.close();
    await recorderConn.close();
  });

  it('a task reaches the recorder holding the camera, over another connection, and its answer comes back', async () => {
    expect(await tasks.run(task(CAM))).toEqual({ data: { liveStreamName: 'u1.cam1', recorder: 'r1' } });
    expect(await tasks.run(task('u1.cam2' as Uidd))).toEqual({
      data: { liveStreamName: 'u1.cam2', recorder: 'r2' },
    });
    expect(r1.tasks.map((t) => t.uidd)).toEqual(['u1.cam1']);
    expect(r2.tasks.map((t) => t.uidd)).toEqual(['u1.cam2']);
    expect(r1.tasks[0]).toEqual(task(CAM));
  });

  it("the recorder's refusal comes back as its HTTP error", async () => {
    const err = await tasks.run(task('u1.unknown' as Uidd)).catch((e: unknown) => e);
    expect(err).toBeInstanceOf(HttpError);
    expect(err).toMatchObject({ statusCode: 503, code: 'live_unavailable' });
  });

  it('no recorder listening: a clear error at once', async () => {
    const started = Date.now();
    const err = await tasks.run(task('u1.orphan' as Uidd)).catch((e: unknown) => e);
    expect(err).toMatchObject({
      statusCode: 503,
      code: 'recorder_unavailable',
      message: 'Recorder rec-gone:8081 is not connected; try again in a few seconds',
    });
    expect(Date.now() - started).toBeLessThan(400);
  });

  it('a recorder that does not answer: a clear error after the timeout', async () => {
    const started = Date.now();
    const err = await tasks.run(task('u1.hangs' as Uidd)).catch((e: unknown) => e);
    expect(err).toMatchObject({
      statusCode: 503,
      code: 'recorder_unavailable',
      message: 'Recorder rec-1.example.com:8081 did not answer within 0.5 s',
    });
    expect(Date.now() - started).toBeGreaterThanOrEqual(480);
  });

  it('no lease: the task is refused, an uninstall has nothing to stop', async () => {
    await expect(tasks.run(task('u1.nolease' as Uidd))).rejects.toMatchObject({
      statusCode: 503,
      code: 'recorder_unavailable',
    });
    expect(await tasks.run(task('u1.nolease' as Uidd, 'uninstall'))).toEqual({});
  });

  it('camera changes reach the holding recorder in the order they were made', async () => {
    const kinds: CameraChange['kind'][] = ['installed', 'updated', 'updated', 'uninstalled', 'deleted'];
    for (const kind of kinds) tasks.cameraChanged({ uidd: CAM, kind });
    tasks.cameraChanged({ uidd: 'u1.cam2' as Uidd, kind: 'updated' });
    await until(() => r1.changes.length >= 5 && r2.changes.length >= 1);
    expect(r1.changes.map((c) => c.kind)).toEqual(kinds);
    expect(r2.changes).toEqual([{ uidd: 'u1.cam2', kind: 'updated' }]);
  });

  it('a change no recorder hears is logged, not thrown', async () => {
    tasks.cameraChanged({ uidd: 'u1.orphan' as Uidd, kind: 'updated' });
    await until(() => warnings.includes('camera change not told'));
  });

  it('recorder ids with dots are one subject token each', () => {
    expect(taskSubject('rec-1.example.com:8081')).toBe('vigil.tasks.rec-1%2eexample%2ecom%3A8081');
    expect(taskSubject('a.b')).not.toBe(taskSubject('a_b'));
  });
});

describe('camera tasks in one process', () => {
  it('go straight to the local recorder whatever the id', async () => {
    const local = new FakeRecorder('local');
    const tasks = new RoutedCameraTasks({
      transport: new InProcessTaskTransport(local),
      recorderOf: async () => 'this-process',
      log: { warn: () => {} },
    });
    expect(await tasks.run(task(CAM))).toEqual({ data: { liveStreamName: 'u1.cam1', recorder: 'local' } });
    tasks.cameraChanged({ uidd: CAM, kind: 'updated' });
    await until(() => local.changes.length === 1);
    expect(local.changes).toEqual([{ uidd: CAM, kind: 'updated' }]);
  });
});

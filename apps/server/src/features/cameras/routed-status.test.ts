import type { NatsConnection } from '@nats-io/transport-node';
import type { Uidd } from '@vigil/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { natsClient, SHARED_NATS_URL, uniqueName } from '../../testing/nats.ts';
import { NatsTaskTransport, serveCameraTasks } from './nats-tasks.ts';
import { RoutedCameraStatus } from './routed-status.ts';
import { InMemoryCameraStatus } from './status-provider.ts';
import type { TallyQuery } from './status-tally.ts';
import { RecordedCameraTasks } from './tasks.ts';

/**
 * A fleet server's GET /cameras/status (decision 0608): each camera's status is asked of the recorder holding its
 * lease, over NATS request/reply, every recorder at once; a camera whose recorder is gone or unheld is offline.
 */
describe('camera statuses asked of the recorders over NATS', () => {
  let serverConn: NatsConnection;
  let recorderConn: NatsConnection;
  const prefix = `${uniqueName('t')}.tasks`;
  const board1 = new InMemoryCameraStatus();
  const board2 = new InMemoryCameraStatus();
  const holders = new Map<Uidd, string>([
    ['u1.a' as Uidd, 'rec-1.example.com:8081'],
    ['u1.b' as Uidd, 'rec-2:8081'],
    ['u1.c' as Uidd, 'rec-2:8081'],
    ['u1.gone' as Uidd, 'rec-gone:8081'],
  ]);
  let served: { close(): Promise<void> }[];
  const warnings: string[] = [];
  const asked: string[][] = [];

  beforeAll(async () => {
    serverConn = await natsClient(SHARED_NATS_URL, 'server');
    recorderConn = await natsClient(SHARED_NATS_URL, 'recorders');
    // rec-2 answers for more cameras than asked (one whose lease just moved away): that extra is not taken.
    const spy = (board: InMemoryCameraStatus, extra: Uidd[] = []) => ({
      statuses: (uidds: readonly Uidd[]) => {
        asked.push([...uidds]);
        return board.statuses([...uidds, ...extra]);
      },
      tally: (q: TallyQuery) => board.tally(q),
    });
    served = [
      serveCameraTasks(recorderConn, 'rec-1.example.com:8081', new RecordedCameraTasks(), {
        subjectPrefix: prefix,
        status: spy(board1),
      }),
      serveCameraTasks(recorderConn, 'rec-2:8081', new RecordedCameraTasks(), {
        subjectPrefix: prefix,
        status: spy(board2, ['u1.a' as Uidd]),
      }),
    ];
    await recorderConn.flush();
  });
  afterAll(async () => {
    for (const s of served) await s.close();
    await serverConn.close();
    await recorderConn.close();
  });

  it('groups the cameras by recorder, asks each for its own, and answers the rest offline', async () => {
    board1.report('u1.a' as Uidd, { state: 'live', lastThumbTime: 1_700_000_000_000 as never });
    board2.report('u1.b' as Uidd, { state: 'error', problem: 'unreachable' });
    board2.report('u1.a' as Uidd, { state: 'offline' });
    const status = new RoutedCameraStatus({
      transport: new NatsTaskTransport(serverConn, { subjectPrefix: prefix, timeoutMs: 500 }),
      recordersOf: async (uidds) =>
        new Map(uidds.flatMap((u) => (holders.has(u) ? [[u, holders.get(u)!]] : []))),
      log: { warn: (_o, msg) => warnings.push(msg) },
    });
    const all = ['u1.a', 'u1.b', 'u1.c', 'u1.gone', 'u1.unheld'] as Uidd[];
    const reports = await status.statuses(all);
    expect(Object.fromEntries(reports)).toEqual({
      'u1.a': { state: 'live', lastThumbTime: 1_700_000_000_000 },
      'u1.b': { state: 'error', problem: 'unreachable' },
    });
    expect(asked.map((a) => a.join(',')).sort()).toEqual(['u1.a', 'u1.b,u1.c']);
    expect(warnings).toEqual(['camera statuses not answered']);
  });

  it("tallies a recorder's cameras where they are reported: counts and a page of problems (decision 0747)", async () => {
    const now = 1_800_000_000_000;
    const quiet = new InMemoryCameraStatus();
    const served3 = serveCameraTasks(recorderConn, 'rec-3:8081', new RecordedCameraTasks(), {
      subjectPrefix: prefix,
      status: quiet,
    });
    await recorderConn.flush();
    quiet.report('u3.ok' as Uidd, { state: 'live', lastActivity: (now - 1_000) as never });
    quiet.report('u3.stalled' as Uidd, { state: 'live', lastActivity: (now - 60_000) as never });
    quiet.report('u3.down' as Uidd, { state: 'error', problem: 'unauthorised' });
    quiet.report('u3.away' as Uidd, { state: 'offline' });
    const status = new RoutedCameraStatus({
      transport: new NatsTaskTransport(serverConn, { subjectPrefix: prefix, timeoutMs: 500 }),
      recordersOf: async () => new Map(),
      log: { warn: () => {} },
    });
    try {
      expect(await status.tallyOf('rec-3:8081', { now, offset: 0, limit: 2 })).toEqual({
        counts: { recording: 1, behind: 1, offline: 2 },
        problems: 3,
        page: [
          { uidd: 'u3.away', state: 'offline', reason: 'offline', lastActivity: null },
          { uidd: 'u3.down', state: 'offline', reason: 'unauthorised', lastActivity: null },
        ],
      });
      expect((await status.tallyOf('rec-3:8081', { now, offset: 2, limit: 2 })).page).toEqual([
        { uidd: 'u3.stalled', state: 'behind', reason: null, lastActivity: now - 60_000 },
      ]);
      await expect(status.tallyOf('rec-gone:8081', { now, offset: 0, limit: 2 })).rejects.toMatchObject({
        code: 'recorder_unavailable',
      });
    } finally {
      await served3.close();
    }
  });
});

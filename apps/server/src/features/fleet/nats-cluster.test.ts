import { jetstreamManager } from '@nats-io/jetstream';
import { TEST_PG_ADMIN_URL } from '@vigil/db/testing';
import { type Simulator, startSimulator } from '@vigil/simulator';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../testing/harness.ts';
import { natsClient, type OwnNatsServer, startNatsCluster } from '../../testing/nats.ts';
import { type LiveViewer, openLive, until } from '../recording/testing.ts';
import {
  api,
  type FleetProcess,
  healthy,
  installCameras,
  openRealtime,
  postgresUp,
  startMain,
  startRecorders,
  stopFleet,
} from './testing.ts';

/**
 * A fleet on a NATS JetStream cluster (decisions 0616, 0617), every part a real process on loopback: three
 * nats-server nodes, a fresh PostgreSQL database, one `ROLE=server` and two `ROLE=recorder` processes of `main.ts`
 * with `NATS_STREAM_REPLICAS=3`, two simulated cameras (one per recorder). The realtime stream is replicated on the
 * three nodes; `kill -9` of the node leading it does not stop alerts or camera tasks; a live viewer of a camera
 * whose recorder is drained is told (`liveMoved`) and plays it from the other recorder within the lease time.
 * Ports (issue 15 helper fleet): processes 20600–20619, simulator 20620–20649, NATS 20680–20682 (routes 20690–20692).
 */
const NATS_PORTS = [20680, 20681, 20682] as const;
const ROUTE_PORTS = [20690, 20691, 20692] as const;
const SERVER_PORT = 20601;
const RECORDER_PORTS = [20611, 20612] as const;
const TTL_SEC = 6;

const pgUp = await postgresUp();
if (!pgUp) console.warn(`nats-cluster.test.ts skipped: no PostgreSQL at ${TEST_PG_ADMIN_URL}`);

describe.skipIf(!pgUp)('a fleet on a 3-node NATS JetStream cluster [postgres]', () => {
  let nodes: OwnNatsServer[] = [];
  let alive: OwnNatsServer[] = [];
  let natsUrl = '';
  let t: TestApp;
  let sim: Simulator;
  const procs: FleetProcess[] = [];
  let server: FleetProcess;
  const recorders: FleetProcess[] = [];
  let token = '';
  const cameras: string[] = [];
  const rest = () => api(server.url, token);
  const holders = async () =>
    new Map(
      (await t.db.db.selectFrom('camera_leases').select(['camera_uidd', 'recorder_id']).execute()).map(
        (r) => [r.camera_uidd, r.recorder_id],
      ),
    );
  /** What the stream's JetStream says of it: replicas configured, the node leading it, the others. */
  const streamInfo = async () => {
    // Only the nodes still running: a first connection does not go on to the next server when one refuses.
    const nc = await natsClient(alive.map((n) => n.url).join(','));
    try {
      const si = await (await jetstreamManager(nc)).streams.info('VIGIL_RT');
      return {
        replicas: si.config.num_replicas,
        leader: si.cluster?.leader ?? '',
        followers: (si.cluster?.replicas ?? []).map((r) => r.name).sort(),
      };
    } finally {
      await nc.close();
    }
  };
  const livecommand = (uidd: string) =>
    rest().get(`/sendcameratask?uid=${uidd}&action=livecommand&caller=web`);
  /** A viewer as the web app opens one: livecommand's address, with a live grant. */
  const watch = async (url: string, uidd: string): Promise<LiveViewer> => {
    const grant = await rest().post('/grants', { uidd, purpose: 'live' });
    expect(grant.status).toBe(200);
    return openLive(`${url}?token=${grant.json.grant}`);
  };

  beforeAll(async () => {
    const cluster = await startNatsCluster(NATS_PORTS, ROUTE_PORTS);
    nodes = cluster.nodes;
    alive = [...nodes];
    natsUrl = cluster.url;
    t = await createTestApp('postgres');
    const env = {
      DATABASE_URL: t.db.url as string,
      NATS_URL: natsUrl,
      NATS_STREAM_REPLICAS: '3',
      LEASE_TTL_SEC: String(TTL_SEC),
    };
    const simulating = startSimulator({
      cameras: [
        { gopSec: 1, fps: 10 },
        { gopSec: 1, fps: 10 },
      ],
      portRange: [20620, 20649],
    });
    server = startMain('server', SERVER_PORT, { ...env, ROLE: 'server' });
    procs.push(server);
    await healthy(server);
    recorders.push(...startRecorders(RECORDER_PORTS, env));
    procs.push(...recorders);
    await Promise.all(recorders.map((r) => healthy(r)));
    sim = await simulating;
    const installed = await installCameras(
      t,
      [server.url],
      sim.cameras.map((c) => c.urls.main),
      'Cluster',
    );
    token = installed.token;
    cameras.push(...installed.uidds);
    // One camera each (the fair share of two), each live through the server.
    await until(async () => new Set((await holders()).values()).size === 2, 45_000);
    for (const uidd of cameras) await until(async () => (await livecommand(uidd)).status === 200, 20_000);
  }, 120_000);

  afterAll(async () => {
    await stopFleet(procs);
    await sim?.stop();
    await t?.app.close();
    await t?.db.destroy();
    for (const n of nodes) await n.stop();
  });

  it('NATS_STREAM_REPLICAS=3: the realtime stream is kept on all three nodes', async () => {
    const info = await streamInfo();
    expect(info.replicas).toBe(3);
    expect([info.leader, ...info.followers].sort()).toEqual(['n1', 'n2', 'n3']);
  });

  it('kill -9 of the node leading the stream: camera tasks and alerts keep flowing', async () => {
    const { leader } = await streamInfo();
    const victim = nodes[Number(leader.slice(1)) - 1] as OwnNatsServer;
    const alerts = await openRealtime(server.url, `types=alert&uidd=${cameras.join(',')}`, token);
    expect(alerts.status).toBe(200);
    await until(() => alerts.connected(), 10_000);
    const killedAt = Date.now();
    await victim.kill();
    alive = alive.filter((n) => n !== victim);
    // Tasks: livecommand through the server reaches each camera's recorder (request/reply on the nodes left).
    for (const uidd of cameras) {
      const live = await until(async () => {
        const res = await livecommand(uidd);
        return res.status === 200 && res;
      }, 20_000);
      expect(live.json.data.url).toMatch(new RegExp(`^ws://127\\.0\\.0\\.1:2061[12]/live/${uidd}/main$`));
    }
    const tasksMs = Date.now() - killedAt;
    // Alerts: one made by a recorder after the kill (the simulator's picture moves every 20 s) reaches the server.
    const alert = await until(
      () => alerts.events.find((e) => e.type === 'alert' && (e.data.startTime ?? 0) >= killedAt),
      45_000,
      50,
    );
    alerts.close();
    const event = await t.db.db
      .selectFrom('events')
      .select(['camera_uidd', 'created_at'])
      .where('id', '=', alert.data.id)
      .executeTakeFirstOrThrow();
    expect(cameras).toContain(event.camera_uidd);
    // The JetStream API may still time out while the cluster settles after the kill (seen on a loaded CI run):
    // asked again until it answers.
    const after = await until(() => streamInfo().catch(() => undefined), 30_000, 500);
    expect(after.replicas).toBe(3);
    expect(after.leader).not.toBe(leader);
    console.log(
      `nats cluster: ${leader} (stream leader) killed; tasks answered again after ${tasksMs} ms, an alert made ` +
        `${Number(event.created_at) - killedAt} ms after the kill reached the server's SSE ` +
        `${alert.at - Number(event.created_at)} ms after it was stored; new leader ${after.leader}`,
    );
    // Every process still says NATS is up (each reconnected to a node left, if it was on the dead one).
    for (const p of procs)
      await until(async () => (await api(p.url).get('/health')).json.natsStatus === 'up', 20_000);
  }, 90_000);

  it('a live viewer of a drained recorder’s camera is told, and plays it from the other recorder', async () => {
    const owners = await holders();
    const leaving = recorders[0] as FleetProcess;
    const staying = recorders[1] as FleetProcess;
    const uidd = cameras.find((u) => owners.get(u) === leaving.name) as string;
    const moves = await openRealtime(server.url, `types=liveMoved&uidd=${uidd}`, token);
    expect(moves.status).toBe(200);
    await until(() => moves.connected(), 10_000);
    const first = await livecommand(uidd);
    expect(first.json.data.url).toBe(`ws://127.0.0.1:${leaving.port}/live/${uidd}/main`);
    const before = await watch(first.json.data.url, uidd);
    await before.binariesAt(2, 20_000);

    const termAt = Date.now();
    let cutMs: number | undefined;
    const cut = before.closed.then(() => {
      cutMs = Date.now() - termAt;
      return cutMs;
    });
    const sentBefore = before.binaries.length;
    leaving.child.kill('SIGTERM');
    // What the web app does (use-live.ts): on `liveMoved`, livecommand again, and a new address is opened.
    const moved = await until(() => moves.events.find((e) => e.type === 'liveMoved'), 3 * TTL_SEC * 1000, 20);
    expect(moved.data).toEqual({ uidd, logger: staying.url });
    const again = await livecommand(uidd);
    expect(again.status).toBe(200);
    expect(again.json.data.url).toBe(`ws://127.0.0.1:${staying.port}/live/${uidd}/main`);
    const after = await watch(again.json.data.url, uidd);
    expect(await after.opened).toBe(101);
    await after.binariesAt(2, 20_000);
    const framesAgainMs = Date.now() - termAt;
    // No gap: the draining recorder kept sending until the viewer had the successor's frames (it drains before it
    // closes its connections).
    const stillOpen = cutMs === undefined;
    const sentSince = before.binaries.length - sentBefore;
    console.log(
      `live moved: told ${moved.at - termAt} ms after SIGTERM, frames from ${staying.name} ${framesAgainMs} ms ` +
        `after it (lease ${TTL_SEC} s); the old recorder's stream closed ${await cut} ms after it`,
    );
    expect(JSON.parse(after.texts[0] as string)).toMatchObject({ type: 'init' });
    expect(after.binaries[0]?.subarray(4, 8).toString()).toBe('ftyp');
    expect(framesAgainMs).toBeLessThanOrEqual(TTL_SEC * 1000);
    expect(stillOpen).toBe(true);
    expect(sentSince).toBeGreaterThan(0);
    expect(await leaving.exited).toBe(0);
    moves.close();
    before.close();
    after.close();
  }, 90_000);
});

import type { NatsConnection } from '@nats-io/transport-node';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../app.ts';
import { createTestApp, type TestApp } from '../../testing/harness.ts';
import { natsClient, SHARED_NATS_URL, uniqueName } from '../../testing/nats.ts';
import { openRealtime } from '../../testing/realtime.ts';
import { type SignedIn, signedInUser } from '../../testing/sessions.ts';
import { NatsBus } from './nats-bus.ts';

const until = async (cond: () => boolean, ms = 5000) => {
  const start = Date.now();
  while (!cond()) {
    if (Date.now() - start > ms) throw new Error('timed out');
    await new Promise((r) => setTimeout(r, 10));
  }
};

/**
 * Two servers on one PostgreSQL database and one NATS (decision 0603): an alert published on server A's bus (as a
 * recorder of A's would) reaches an SSE client connected to server B.
 */
describe('realtime across two servers sharing NATS [postgres]', () => {
  let a: TestApp;
  let b: FastifyInstance;
  let baseB: string;
  let owner: SignedIn;
  const connections: NatsConnection[] = [];
  const buses: NatsBus[] = [];
  const natsBus = async (o: { stream: string; subjectPrefix: string }) => {
    const nc = await natsClient(SHARED_NATS_URL);
    connections.push(nc);
    const bus = await NatsBus.open(nc, o);
    buses.push(bus);
    return bus;
  };

  beforeAll(async () => {
    const name = uniqueName('t');
    const o = { stream: `VIGIL_RT_${name}`, subjectPrefix: `${name}.rt` };
    a = await createTestApp('postgres', {}, { realtimeBus: await natsBus(o) });
    b = await buildApp({ config: a.config, database: a.db, logger: false, realtimeBus: await natsBus(o) });
    baseB = await b.listen({ port: 0, host: '127.0.0.1' });
    // Signed in on A; B checks the same token (the same database, hence the same secret).
    owner = await signedInUser(a);
  });
  afterAll(async () => {
    await b.close();
    await a.app.close();
    for (const bus of buses) await bus.close(100);
    for (const nc of connections) await nc.close();
    await a.db.destroy();
  });

  it("an alert published on A's bus reaches B's SSE client within 1 s, once", async () => {
    const cam = `${owner.uid}.cam1`;
    const s = await openRealtime(baseB, `types=alert&uidd=${cam}`, owner.token);
    expect(s.status).toBe(200);
    await until(s.connected);
    const sent = Date.now();
    const alert = { uidd: cam, id: 'ev-42', startTime: 1_700_000_000_000, motionScore: 7 };
    a.app.services.realtime.publish({ type: 'alert', data: alert });
    // A recorder re-announcing the same event (a retry, a restart): the same id, handed out once.
    a.app.services.realtime.publish({ type: 'alert', data: alert });
    a.app.services.realtime.publish({
      type: 'alert',
      data: { uidd: `${owner.uid}.other`, id: 'ev-43', startTime: 1, motionScore: 1 },
    });
    await until(() => s.events.length >= 1);
    await new Promise((r) => setTimeout(r, 300));
    console.log(`alert on server A's bus → SSE client of server B: ${s.events[0]!.at - sent} ms`);
    expect(s.events.map(({ type, data }) => ({ type, data }))).toEqual([{ type: 'alert', data: alert }]);
    expect(s.events[0]!.at - sent).toBeLessThan(1000);
    s.close();
  });
});

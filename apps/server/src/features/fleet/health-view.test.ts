import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../testing/harness.ts';
import { type SignedIn, signedInUser } from '../../testing/sessions.ts';
import { insertCamera } from '../cameras/testing.ts';
import { LeasesRepository } from './leases-repository.ts';

/**
 * The health screen in a fleet (decision 0721; fleets run on PostgreSQL only): every registered recorder with the
 * cameras it holds, a silent one marked and alerting, the cameras nobody holds apart.
 */
describe('support health screen in a fleet [postgres]', () => {
  let t: TestApp;
  let support: SignedIn;
  let owner: SignedIn;
  beforeAll(async () => {
    t = await createTestApp('postgres', { ROLE: 'server', DATABASE_URL: 'postgres://unused/x' });
    support = await signedInUser(t, 's');
    owner = await signedInUser(t);
  });
  afterAll(async () => {
    await t.app.close();
    await t.db.destroy();
  });

  it('lists each recorder with its cameras, the silent one alerting, and the cameras nobody holds', async () => {
    const a = await insertCamera(t, owner.uid, { name: 'Dock' });
    const b = await insertCamera(t, owner.uid, { name: 'Office' });
    const leases = new LeasesRepository(t.db.db);
    await leases.register({ id: 'r1', publicUrl: 'https://r1.vigil.example', capacity: 10 });
    await leases.register({ id: 'r2', publicUrl: 'https://r2.vigil.example', capacity: 10 });
    await leases.sync();
    const [held] = await leases.claim('r1', 1, 10_000);
    const [heldUidd, other] = held!.uidd === a ? [a, b] : [b, a];
    // r2 last beat 40 s ago: twelve beats missed (one every third of the 10 s lease time).
    await sql`UPDATE recorders SET heartbeat_at = heartbeat_at - 40000 WHERE id = 'r2'`.execute(t.db.db);

    const res = await t.call({ method: 'GET', url: '/support/health', token: support.token });
    expect(res.status, JSON.stringify(res.json)).toBe(200);
    const [r1, r2] = res.json.recorders;
    expect(r1).toMatchObject({
      id: 'r1',
      publicUrl: 'https://r1.vigil.example',
      alive: true,
      draining: false,
      counts: { recording: 0, offline: 1, behind: 0 },
    });
    // Held but not reported by r1 (no recorder runs here): counted offline, not listed (decision 0747).
    expect([r1.cameras, r1.problems]).toEqual([[], 0]);
    expect(r2).toMatchObject({
      id: 'r2',
      alive: false,
      counts: { recording: 0, offline: 0, behind: 0 },
      cameras: [],
    });
    expect(r2.heartbeatAgeMs).toBeGreaterThanOrEqual(40_000);
    expect(res.json.unassigned.map((c: { uidd: string }) => c.uidd)).toEqual([other]);
    expect(res.json.unassignedCount).toBe(1);
    const page = await t.call({
      method: 'GET',
      url: '/support/health/cameras?offset=0',
      token: support.token,
    });
    expect(page.json).toEqual({
      cameras: [
        {
          uidd: other,
          name: other === a ? 'Dock' : 'Office',
          state: 'offline',
          reason: null,
          lastActivity: null,
        },
      ],
      total: 1,
      offset: 0,
    });
    const r1Page = await t.call({
      method: 'GET',
      url: '/support/health/cameras?recorder=r1',
      token: support.token,
    });
    expect(r1Page.json).toEqual({ cameras: [], total: 0, offset: 0 });
    expect(heldUidd).not.toBe(other);
    const heartbeats = res.json.alerts.find((x: { id: string }) => x.id === 'recorder_missing_heartbeats');
    expect(heartbeats).toMatchObject({ firing: true, value: 12, threshold: 2 });
  });
});

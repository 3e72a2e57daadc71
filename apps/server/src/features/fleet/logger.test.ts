import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, describeEachDb, type TestApp } from '../../testing/harness.ts';
import { type SignedIn, signedInUser } from '../../testing/sessions.ts';
import { insertCamera } from '../cameras/testing.ts';
import { LeasesRepository } from './leases-repository.ts';

const REGIONS = { REGION: 'eu', REGION_MAP: 'us=https://us.vigil.example' };

describeEachDb(
  'GET /logger in the embedded default',
  (ctx) => {
    let t: TestApp;
    let owner: SignedIn;
    let cam: string;
    beforeAll(async () => {
      t = ctx();
      owner = await signedInUser(t);
      cam = await insertCamera(t, owner.uid);
    });

    it("answers the camera's logger host, to whoever sees the camera only", async () => {
      const res = await t.call({ method: 'GET', url: `/logger?uidd=${cam}`, token: owner.token });
      expect(res.status).toBe(200);
      expect(res.json).toEqual({
        region: 'eu',
        uidd: cam,
        logger: 'http://localhost:8080',
        lastLogger: t.clock.now(),
        recording: true,
      });
      const stranger = await signedInUser(t);
      expect(
        (await t.call({ method: 'GET', url: `/logger?uidd=${cam}`, token: stranger.token })).status,
      ).toBe(404);
      expect((await t.call({ method: 'GET', url: `/logger?uidd=${cam}` })).status).toBe(401);
    });

    it("answers a region's logger host: this server here, the region's server elsewhere, 404 unknown", async () => {
      const here = await t.call({ method: 'GET', url: '/logger', token: owner.token });
      expect(here.json).toEqual({ region: 'eu', logger: 'http://localhost:8080' });
      const us = await t.call({ method: 'GET', url: '/logger?region=us', token: owner.token });
      expect(us.json).toEqual({ region: 'us', logger: 'https://us.vigil.example' });
      expect((await t.call({ method: 'GET', url: '/logger?region=mars', token: owner.token })).status).toBe(
        404,
      );
    });
  },
  REGIONS,
);

describe('GET /logger in a fleet [postgres]', () => {
  let t: TestApp;
  let owner: SignedIn;
  let leases: LeasesRepository;
  beforeAll(async () => {
    t = await createTestApp('postgres', { ...REGIONS, ROLE: 'server', DATABASE_URL: 'postgres://unused/x' });
    owner = await signedInUser(t);
    leases = new LeasesRepository(t.db.db);
  });
  afterAll(async () => {
    await t.app.close();
    await t.db.destroy();
  });

  it('no live recorder: the region has none to give a camera to (503), a camera is not recording', async () => {
    const res = await t.call({ method: 'GET', url: '/logger', token: owner.token });
    expect(res.status).toBe(503);
    expect(res.json.code).toBe('no_recorder');
    const cam = await insertCamera(t, owner.uid);
    const c = await t.call({ method: 'GET', url: `/logger?uidd=${cam}`, token: owner.token });
    expect(c.json).toMatchObject({ logger: 'http://localhost:8080', recording: false });
  });

  it('answers the lease holder of a camera, and the least loaded live recorder of the region', async () => {
    const cam = await insertCamera(t, owner.uid);
    await leases.register({ id: 'r1', publicUrl: 'https://r1.vigil.example', capacity: 10 });
    await leases.register({ id: 'r2', publicUrl: 'https://r2.vigil.example', capacity: 10 });
    await leases.sync();
    // r1 takes both cameras (its fair share, were it alone): r2 is then the least loaded.
    expect(await leases.claim('r1', 5, 10_000)).toHaveLength(2);
    const c = await t.call({ method: 'GET', url: `/logger?uidd=${cam}`, token: owner.token });
    expect(c.json).toMatchObject({
      region: 'eu',
      uidd: cam,
      logger: 'https://r1.vigil.example',
      recording: true,
    });
    const region = await t.call({ method: 'GET', url: '/logger', token: owner.token });
    expect(region.json).toEqual({ region: 'eu', logger: 'https://r2.vigil.example' });
    // A draining recorder gets no new cameras.
    await leases.setDraining('r2');
    const after = await t.call({ method: 'GET', url: '/logger', token: owner.token });
    expect(after.json).toEqual({ region: 'eu', logger: 'https://r1.vigil.example' });
  });
});

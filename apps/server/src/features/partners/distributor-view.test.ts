import type { Uidd } from '@vigil/contracts';
import { beforeAll, expect, it } from 'vitest';
import { describeEachDb } from '../../testing/harness.ts';
import { type SignedIn, signedInUser } from '../../testing/sessions.ts';
import { FakeProbe, FakePtz, statusBoard } from '../cameras/testing.ts';
import { invited } from './testing.ts';

/**
 * A distributor opens its installers' customers (decision 0872): the customer's page and its cameras by name and
 * status, as the installer sees them; never the cameras' own routes (no role on the account, decision 0854), and
 * nothing of another distributor's subtree.
 */
describeEachDb(
  'distributor view of a customer',
  (ctx) => {
    let distA: SignedIn;
    let distB: SignedIn;
    let instA: SignedIn;
    let instB: SignedIn;
    let owner: SignedIn;
    let support: SignedIn;

    beforeAll(async () => {
      const t = ctx();
      support = await signedInUser(t, 's');
      const invite = async (url: string, token: string, label: string) =>
        (await invited(t, url, token, label)).signed;
      distA = await invite('/partners/distributors', support.token, 'distA');
      distB = await invite('/partners/distributors', support.token, 'distB');
      instA = await invite('/partners/installers', distA.token, 'instA');
      instB = await invite('/partners/installers', distB.token, 'instB');
      owner = await invite('/partners/customers', instA.token, 'owner');
    });

    it('reads the cameras and their status as the installer sees them, within its own subtree only', async () => {
      const t = ctx();
      const add = async (name: string, host: string) => {
        const res = await t.call({
          method: 'POST',
          url: '/cameras',
          token: instA.token,
          payload: { url: `rtsp://${host}/stream1`, owner: owner.uid, name },
        });
        expect(res.status, JSON.stringify(res.json)).toBe(201);
        return res.json.uidd as Uidd;
      };
      const door = await add('Shop door', '203.0.113.9');
      const yard = await add('Yard', '203.0.113.10');
      statusBoard(t).report(door, { state: 'live' });
      const url = `/partners/customers/${owner.uid}/cameras`;
      const as = async (who: SignedIn) => t.call({ method: 'GET', url, token: who.token });

      const seen = await as(distA);
      expect(seen.status).toBe(200);
      expect(
        seen.json.cameras.toSorted((a: { name: string }, b: { name: string }) =>
          a.name.localeCompare(b.name),
        ),
      ).toEqual([
        { uidd: door, name: 'Shop door', status: 'online' },
        { uidd: yard, name: 'Yard', status: 'offline' },
      ]);
      expect((await as(instA)).json).toEqual(seen.json);
      const page = await t.call({
        method: 'GET',
        url: `/partners/customers/${owner.uid}`,
        token: distA.token,
      });
      expect(page.json).toMatchObject({ uid: owner.uid, cameras: 2, accepted: true });

      // The other subtree: the customer does not exist for it. Support and the owner have their own pages.
      expect([(await as(distB)).status, (await as(instB)).status]).toEqual([404, 404]);
      expect([(await as(support)).status, (await as(owner)).status]).toEqual([403, 403]);
      // The distributor holds no role on the account: the cameras' own routes stay closed to it.
      const own = await t.call({ method: 'GET', url: `/cameras?owner=${owner.uid}`, token: distA.token });
      expect(own.json).toEqual([]);
    });
  },
  {},
  () => ({ cameras: { probe: new FakeProbe(), ptz: new FakePtz() } }),
);

import { expect, it } from 'vitest';
import { describeEachDb, type TestApp } from '../../testing/harness.ts';
import { inviteMember, type SignedIn, signedInUser } from '../../testing/sessions.ts';
import { FakeProbe, FakePtz, insertCamera } from './testing.ts';

/**
 * GET /cameras for an additional user (decision 0405): without filters it lists their own cameras and those of
 * every account they were invited to, each with what they are to its account and what they may do to it. The
 * expected actions are written out here, level by level (decision 0010; FULL: the owner's, co-owner's and admin's
 * alike), not read from the code's matrix.
 */
const FULL = [
  'view',
  'viewLive',
  'viewRecorded',
  'events',
  'delete',
  'cameraSettings',
  'notificationSettings',
  'rename',
  'ptz',
  'install',
] as const;
const EXPECTED = {
  owner: FULL,
  coowner: FULL,
  admin: FULL,
  readonly: ['view', 'viewLive', 'viewRecorded', 'events'],
  viewonly: ['view', 'viewLive', 'viewRecorded', 'events'],
  liveonly: ['view', 'viewLive'],
} as const;

/** Makes `person` an additional user of `owner`'s account at `level`, over `cameras` only when given. */
const invite = (t: TestApp, owner: SignedIn, person: SignedIn, level: string, cameras?: string[]) =>
  inviteMember(t, owner, person, level, cameras ? { cameraScope: 'selected', cameras } : {});

const listed = async (t: TestApp, who: SignedIn, query = '') => {
  const res = await t.call({ method: 'GET', url: `/cameras${query}`, token: who.token });
  expect(res.status).toBe(200);
  return (res.json as Array<{ uidd: string; owner: string; permission: unknown }>)
    .map((c) => ({ uidd: c.uidd, owner: c.owner, permission: c.permission }))
    .sort(byUidd);
};
const byUidd = (a: { uidd: string }, b: { uidd: string }) => a.uidd.localeCompare(b.uidd);

describeEachDb(
  'shared cameras',
  (ctx) => {
    it('an additional user lists their own cameras and the shared ones, with their role and actions on each', async () => {
      const t = ctx();
      const owner = await signedInUser(t);
      const front = await insertCamera(t, owner.uid);
      const yard = await insertCamera(t, owner.uid);
      for (const level of ['coowner', 'admin', 'readonly', 'viewonly', 'liveonly'] as const) {
        const person = await signedInUser(t);
        const own = await insertCamera(t, person.uid);
        await invite(t, owner, person, level);
        expect(await listed(t, person), level).toEqual(
          [
            { uidd: own, owner: person.uid, permission: { role: 'owner', actions: EXPECTED.owner } },
            { uidd: front, owner: owner.uid, permission: { role: level, actions: EXPECTED[level] } },
            { uidd: yard, owner: owner.uid, permission: { role: level, actions: EXPECTED[level] } },
          ].sort(byUidd),
        );
        // Asking by owner or by camera answers the same permission.
        expect(await listed(t, person, `?uidd=${front}`), level).toEqual([
          { uidd: front, owner: owner.uid, permission: { role: level, actions: EXPECTED[level] } },
        ]);
      }
    });

    it('level none sees no camera; a user with chosen cameras sees only those; a stranger sees none', async () => {
      const t = ctx();
      const owner = await signedInUser(t);
      const front = await insertCamera(t, owner.uid);
      await insertCamera(t, owner.uid);
      const none = await signedInUser(t);
      await invite(t, owner, none, 'none');
      expect(await listed(t, none)).toEqual([]);
      expect(await listed(t, none, `?owner=${owner.uid}`)).toEqual([]);

      const chosen = await signedInUser(t);
      await invite(t, owner, chosen, 'viewonly', [front]);
      expect(await listed(t, chosen)).toEqual([
        { uidd: front, owner: owner.uid, permission: { role: 'viewonly', actions: EXPECTED.viewonly } },
      ]);

      // The accounts each may open say whether there are cameras to see there.
      const opens = async (who: SignedIn) =>
        (
          await t.call({ method: 'GET', url: `/multiuser/${who.uid}/access/users`, token: who.token })
        ).json.map((u: { uid: string; has_cameras: boolean }) => [u.uid, u.has_cameras]);
      expect(await opens(none)).toEqual([[owner.uid, false]]);
      expect(await opens(chosen)).toEqual([[owner.uid, true]]);

      const stranger = await signedInUser(t);
      expect(await listed(t, stranger)).toEqual([]);
      expect(await listed(t, stranger, `?owner=${owner.uid}`)).toEqual([]);
      expect(await listed(t, stranger, `?uidd=${front}`)).toEqual([]);
    });

    it('the owner and support: everything for the owner, seeing only for support', async () => {
      const t = ctx();
      const owner = await signedInUser(t);
      const cam = await insertCamera(t, owner.uid);
      expect(await listed(t, owner)).toEqual([
        { uidd: cam, owner: owner.uid, permission: { role: 'owner', actions: EXPECTED.owner } },
      ]);
      const support = await signedInUser(t, 's');
      expect(await listed(t, support, `?owner=${owner.uid}`)).toEqual([
        { uidd: cam, owner: owner.uid, permission: { role: 'support', actions: ['view'] } },
      ]);
      // Support's own list is support's own cameras: it has none.
      expect(await listed(t, support)).toEqual([]);
    });
  },
  {},
  () => ({ cameras: { probe: new FakeProbe(), ptz: new FakePtz() } }),
);

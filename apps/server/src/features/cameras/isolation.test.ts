import type { Uidd } from '@vigil/contracts';
import type { InjectOptions } from 'fastify';
import { expect, it } from 'vitest';
import { describeEachDb, type TestApp } from '../../testing/harness.ts';
import { DEMO_EMAIL } from '../auth/seed.ts';
import { demoSession, FakeProbe, FakePtz, insertCamera, recordedTasks, signedInUser } from './testing.ts';

type Req = Pick<InjectOptions, 'method' | 'url' | 'payload'>;

const LIVE = new Set(['livecommand', 'locallivecommand', 'sdlivecommand']);

/** Every camera route, aimed at one camera of `owner`. A new route belongs here. */
function cameraRoutes(
  owner: string,
  cam: Uidd,
  viewer: string,
): { name: string; req: Req; changes: boolean }[] {
  const device = cam.split('.')[1];
  return [
    { name: 'list by uidd', req: { method: 'GET', url: `/cameras?uidd=${cam}` }, changes: false },
    { name: 'list by owner', req: { method: 'GET', url: `/cameras?owner=${owner}` }, changes: false },
    { name: 'status', req: { method: 'GET', url: `/cameras/status?uidd[]=${cam}` }, changes: false },
    ...[
      'livecommand',
      'locallivecommand',
      'sdlivecommand',
      'thumbscommand',
      'motionthumbscommand',
      'getconfig',
    ].map((a) => ({
      name: a,
      req: { method: 'GET' as const, url: `/sendcameratask?uid=${cam}&action=${a}` },
      changes: false,
    })),
    { name: 'ptz', req: { method: 'GET', url: `/sendcameratask?uid=${cam}&action=ptz_left` }, changes: true },
    {
      name: 'uninstall',
      req: { method: 'GET', url: `/sendcameratask?uid=${cam}&action=uninstall` },
      changes: true,
    },
    {
      name: 'uninstall_all',
      req: { method: 'GET', url: `/sendcameratask?uid=${owner}&action=uninstall_all` },
      changes: true,
    },
    { name: 'rename', req: { method: 'PUT', url: `/phonename?uid=${cam}&name=Mine` }, changes: true },
    { name: 'tags', req: { method: 'GET', url: `/cameras/tags?uidd=${cam}` }, changes: false },
    {
      name: 'put tags',
      req: {
        method: 'PUT',
        url: '/cameras/tags',
        payload: { uidd: [cam], changes: [{ uidd: cam, tags: ['x'] }] },
      },
      changes: true,
    },
    {
      name: 'viewer settings one',
      req: { method: 'GET', url: `/viewer/${viewer}/${cam}/settings` },
      changes: false,
    },
    {
      name: 'viewer settings by device',
      req: { method: 'GET', url: `/viewer/${owner}/${device}/settings` },
      changes: false,
    },
    {
      name: 'viewer settings many',
      req: { method: 'GET', url: `/viewer/${viewer}/settings?uidd=${cam}` },
      changes: false,
    },
    {
      name: 'patch viewer settings',
      req: { method: 'PATCH', url: `/viewer/${viewer}/settings`, payload: { uidd: cam, settings: { a: 1 } } },
      changes: true,
    },
    {
      name: 'install for owner',
      req: { method: 'POST', url: '/cameras', payload: { url: 'rtsp://203.0.113.9/x', owner } },
      changes: true,
    },
    { name: 'delete', req: { method: 'GET', url: `/deldevice?uid=${cam}` }, changes: true },
  ];
}

/** What the camera looks like through the owner's eyes; nothing may change it. */
async function snapshot(t: TestApp, cam: Uidd) {
  const row = await t.db.db.selectFrom('cameras').selectAll().where('uidd', '=', cam).executeTakeFirst();
  const tags = await t.db.db.selectFrom('camera_tags').selectAll().where('uidd', '=', cam).execute();
  return { row, tags };
}

describeEachDb(
  'camera routes: tenant isolation',
  (ctx) => {
    it('another tenant gets 404 on every camera route, as for a camera that does not exist', async () => {
      const t = ctx();
      const owner = await signedInUser(t);
      const intruder = await signedInUser(t);
      const cam = await insertCamera(t, owner.uid, { ptz: true });
      const before = await snapshot(t, cam);
      const tasksBefore = recordedTasks(t).tasks.length;
      for (const r of cameraRoutes(owner.uid, cam, intruder.uid)) {
        const res = await t.call({ ...r.req, token: intruder.token });
        // Batch reads answer 200 with the camera left out (listed in errors where the shape has them).
        if (r.name.startsWith('list')) {
          expect(res.json, r.name).toEqual([]);
        } else if (r.name === 'status' || r.name === 'viewer settings many') {
          expect(res.status, r.name).toBe(200);
          expect(res.json.errors, r.name).toEqual([
            { uidd: cam, code: 'not_found', error: 'Camera not found' },
          ]);
          expect(JSON.stringify(res.json.result), r.name).not.toContain(cam);
        } else if (r.name === 'tags') {
          expect(res.json, r.name).toEqual({ cameras: [], tags: [] });
        } else if (r.name === 'viewer settings by device') {
          expect(res.status, r.name).toBe(403); // another user's viewer id: refused before any camera lookup
        } else {
          expect(res.status, r.name).toBe(404);
          expect(res.json.error, r.name).toMatch(/^(Camera|Account) not found$/);
        }
      }
      expect(await snapshot(t, cam)).toEqual(before);
      expect(recordedTasks(t).tasks.length).toBe(tasksBefore);
      // A camera that does not exist is answered the same way.
      const ghost = await t.call({
        method: 'GET',
        url: `/sendcameratask?uid=${owner.uid}.ghost&action=livecommand`,
        token: intruder.token,
      });
      const real = await t.call({
        method: 'GET',
        url: `/sendcameratask?uid=${cam}&action=livecommand`,
        token: intruder.token,
      });
      expect(real.json).toEqual(ghost.json);
    });

    it('the owner may do everything; support may see cameras but not watch or change them', async () => {
      const t = ctx();
      const owner = await signedInUser(t);
      const support = await signedInUser(t, 's');
      const cam = await insertCamera(t, owner.uid, { ptz: true });
      for (const r of cameraRoutes(owner.uid, cam, support.uid)) {
        const res = await t.call({ ...r.req, token: support.token });
        // Support's own viewer settings are support's own data: the one change support may make here.
        // Live video is not support's to watch (decision 0010).
        if ((r.changes && r.name !== 'patch viewer settings') || LIVE.has(r.name))
          expect([403, 400], r.name).toContain(res.status);
        else expect(res.status, r.name).toBe(200);
        if (r.name.startsWith('list')) expect(res.json, r.name).toHaveLength(1);
      }
      for (const r of cameraRoutes(owner.uid, cam, owner.uid).filter((x) => x.name !== 'install for owner')) {
        const res = await t.call({ ...r.req, token: owner.token });
        expect([200, 201], `${r.name}: ${JSON.stringify(res.json)}`).toContain(res.status);
        if (r.name === 'uninstall') break; // the rest would act on an uninstalled camera; delete is tested elsewhere
      }
    });

    it('a demo session can watch but not add, delete or change, GET routes included', async () => {
      const t = ctx();
      const demo = await demoSession(t);
      const demoUser = await t.db.db
        .selectFrom('users')
        .select('uid')
        .where('email', '=', DEMO_EMAIL)
        .executeTakeFirstOrThrow();
      expect(demoUser.uid).toBe(demo.uid);
      const cam = await insertCamera(t, demo.uid, { ptz: true });
      const before = await snapshot(t, cam);
      for (const r of cameraRoutes(demo.uid, cam, demo.uid)) {
        const res = await t.call({ ...r.req, token: demo.token });
        if (r.changes) {
          expect(res.status, r.name).toBe(403);
          expect(res.json.code, r.name).toBe('demo_restricted');
        } else {
          expect(res.status, r.name).toBe(200);
        }
      }
      expect(await snapshot(t, cam)).toEqual(before);
    });
  },
  {},
  () => ({ cameras: { probe: new FakeProbe(), ptz: new FakePtz() } }),
);

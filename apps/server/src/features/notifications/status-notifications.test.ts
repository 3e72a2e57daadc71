import { type Simulator, startSimulator } from '@vigil/simulator';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { describeEachDb } from '../../testing/harness.ts';
import { addMember } from '../../testing/members.ts';
import { signedInUser } from '../../testing/sessions.ts';
import { readMail, startSmtpSink } from '../../testing/smtp.ts';
import { startPushStandIn } from '../push/testing.ts';
import type { Recording } from '../recording/recording.ts';
import { until } from '../recording/testing.ts';
import { installFrontGate, STATUS_DEBOUNCE_MS, statusSuite } from './testing.ts';

const DEBOUNCE_MS = STATUS_DEBOUNCE_MS;

let sim: Simulator;
const smtp = await startSmtpSink();
const suite = statusSuite('status-notices', smtp.url);
// This helper's own port for the push service stand-in (the simulator leases 22000–22039).
const pushService = await startPushStandIn(22049);
beforeAll(async () => {
  // One camera per database run, each stopped and started on its own; still scenes: no motion notices.
  sim = await startSimulator({
    cameras: [
      { gopSec: 1, motion: [] },
      { gopSec: 1, motion: [] },
    ],
    portRange: [22000, 22039],
  });
});
afterAll(async () => {
  await sim?.stop();
  await smtp.stop();
  await pushService.stop();
  suite.removeDirs();
});

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));
/** Times in the camera's zone vary with the run: read as <time>. */
const timeless = (text: string) => text.replace(/\d{1,2} \w{3} \d{4}, \d\d:\d\d/g, '<time>');

/**
 * Camera online/offline notifications (decision 0850), end to end: the real recorder reads a simulator camera, the
 * camera's RTSP source is stopped and started, and a real SMTP server receives what the notifier sends.
 */
describeEachDb(
  'camera online/offline notifications',
  (ctx) => {
    it('tells nothing of a short flap, one offline after the debounce, then one online', async () => {
      const t = ctx();
      const index = t.kind === 'sqlite' ? 0 : 1;
      const recording = t.app.services.recording as Recording;
      const owner = await signedInUser(t);
      const uidd = await installFrontGate(t, owner.token, sim.cameras[index]!.urls.main);
      const reader = await addMember(t, owner, 'readonly');
      const quiet = await addMember(t, owner, 'readonly');
      const off = await t.call({
        method: 'PATCH',
        url: '/cameras/notifications/config',
        token: quiet.token,
        payload: { uidd, settings: { onlineOffline: false } },
      });
      expect(off.status).toBe(200);
      // The owner also has web push on, on one browser.
      const browser = pushService.subscribe(`/sub/${t.kind}/status`);
      const subscribed = await t.call({
        method: 'POST',
        url: '/push/subscriptions',
        token: owner.token,
        payload: browser,
      });
      expect(subscribed.status).toBe(200);
      const pushOn = await t.call({
        method: 'PATCH',
        url: '/cameras/notifications/config',
        token: owner.token,
        payload: { uidd, settings: { push: true } },
      });
      expect(pushOn.status).toBe(200);
      const pushFrom = pushService.received.length;
      const pushes = () =>
        pushService.received.slice(pushFrom).map((r) => {
          const p = JSON.parse(r.payload) as { title: string; body: string; url: string };
          return { ...p, body: timeless(p.body), urgency: r.headers.urgency };
        });
      const status = async () =>
        (await t.call({ method: 'GET', url: `/cameras/status?uidd[]=${uidd}`, token: owner.token })).json
          .result.devices[0].status;
      const from = smtp.mails.length;
      const mails = () => smtp.mails.slice(from).map((m) => ({ to: m.to.join(','), ...readMail(m.raw) }));

      // Online, and settled so (silently: the first state is nobody's news).
      await until(() => recording.noticedStatus(uidd) === 'online', 30_000);

      // A flap: the camera's source stops and is back, seen offline and online, within the debounce.
      const flapStart = Date.now();
      await sim.stopCamera(index);
      await until(async () => (await status()) === 'offline');
      await sim.startCamera(index);
      await until(async () => (await status()) === 'online');
      expect(Date.now() - flapStart).toBeLessThan(DEBOUNCE_MS);
      // Past the debounce from the flap's start (a second more): nothing told, still settled online. The flap itself
      // took some of it: only the rest is waited for.
      await sleep(flapStart + DEBOUNCE_MS + 1000 - Date.now());
      await t.app.services.notifier.flush();
      expect(mails()).toEqual([]);
      expect(pushes()).toEqual([]);
      expect(recording.noticedStatus(uidd)).toBe('online');

      // Stopped for good: one offline notice each, not before the debounce, and not again.
      const stopped = Date.now();
      await sim.stopCamera(index);
      await until(() => mails().length >= 2, 30_000);
      expect(Date.now() - stopped).toBeGreaterThanOrEqual(DEBOUNCE_MS);
      await sleep(DEBOUNCE_MS + 1000);
      await t.app.services.notifier.flush();
      const offline = mails();
      expect(offline.map((m) => m.to).sort()).toEqual([owner.email, reader.email].sort());
      expect(offline.map((m) => m.subject)).toEqual([
        'Vigil: Front gate is offline',
        'Vigil: Front gate is offline',
      ]);
      expect(timeless(offline[0]!.text)).toBe(
        [
          'Front gate has been offline since <time>.',
          'Vigil cannot reach it on the network.',
          '',
          `See the camera: http://localhost:8080/cameras/${encodeURIComponent(uidd)}`,
          '',
          'You get this e-mail because your notifications for Front gate ask for it going offline and coming back.',
          'Vigil tells a change once it has lasted 6 seconds.',
          `Change your notifications: http://localhost:8080/cameras/${encodeURIComponent(uidd)}/settings`,
        ].join('\n'),
      );

      // Back: one online notice each.
      await sim.startCamera(index);
      await until(() => mails().length >= 4, 40_000);
      await sleep(DEBOUNCE_MS + 1000);
      await t.app.services.notifier.flush();
      const online = mails().slice(2);
      expect(online.map((m) => m.to).sort()).toEqual([owner.email, reader.email].sort());
      expect(online.map((m) => m.subject)).toEqual([
        'Vigil: Front gate is back online',
        'Vigil: Front gate is back online',
      ]);
      expect(timeless(online[0]!.text).split('\n')[0]).toBe(
        'Front gate is back online since <time>; it was offline from <time>.',
      );
      expect(mails()).toHaveLength(4);
      const page = `http://localhost:8080/cameras/${encodeURIComponent(uidd)}`;
      expect(pushes()).toEqual([
        {
          title: 'Front gate is offline',
          body: 'Front gate has been offline since <time>.',
          url: page,
          urgency: 'high',
        },
        {
          title: 'Front gate is back online',
          body: 'Front gate is back online since <time>; it was offline from <time>.',
          url: page,
          urgency: 'normal',
        },
      ]);
    }, 150_000);
  },
  suite.env,
  suite.options,
);

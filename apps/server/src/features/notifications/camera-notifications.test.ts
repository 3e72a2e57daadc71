import type { EpochMs, Uidd } from '@vigil/contracts';
import { personPicture } from '@vigil/recorder/testing';
import { afterAll, expect, it } from 'vitest';
import { describeEachDb, type TestApp } from '../../testing/harness.ts';
import { addMember } from '../../testing/members.ts';
import { signedInUser } from '../../testing/sessions.ts';
import { readMail as read, startSmtpSink } from '../../testing/smtp.ts';
import { plainBrand } from '../brands/testing.ts';
import { insertCamera } from '../cameras/testing.ts';

const smtp = await startSmtpSink();
afterAll(() => smtp.stop());

/**
 * Camera notifications by e-mail (decision 0710), received by a real SMTP server: who gets them (owner and members
 * who may and asked), the camera's notifications schedule, and at most one of a kind per person and camera in 10
 * minutes.
 */
describeEachDb(
  'camera notifications by e-mail',
  (ctx) => {
    const mailsSince = (from: number) =>
      smtp.mails.slice(from).map((m) => ({ to: m.to.join(','), ...read(m.raw) }));
    const motion = async (t: TestApp, uidd: Uidd) => {
      await t.app.services.motionSink.started({
        uidd,
        startMs: t.clock.now() as EpochMs,
        score: 6,
        rom: false,
        pictures: null,
      });
      await t.app.services.notifier.flush();
    };

    it('tells each person who may and asked, within the schedule, once per kind in 10 minutes', async () => {
      const t = ctx();
      // Monday 23 November 2026, 21:05 in London (GMT).
      t.clock.t = Date.UTC(2026, 10, 23, 21, 5);
      const owner = await signedInUser(t);
      const cam = await insertCamera(t, owner.uid, { name: 'Front gate', timezone: 'Europe/London' });
      const reader = await addMember(t, owner, 'readonly');
      const quiet = await addMember(t, owner, 'readonly');
      const viewer = await addMember(t, owner, 'viewonly');
      const settings = (token: string, s: object) =>
        t.call({
          method: 'PATCH',
          url: '/cameras/notifications/config',
          token,
          payload: { uidd: cam, settings: s },
        });
      expect((await settings(quiet.token, { email: false })).status).toBe(200);

      let from = smtp.mails.length;
      await motion(t, cam);
      const first = mailsSince(from);
      // The view-only member may not receive analytics (spec 001 §6); the quiet one turned e-mail off.
      expect(first.map((m) => m.to).sort()).toEqual([owner.email, reader.email].sort());
      expect(first[0]).toMatchObject({ subject: 'Vigil: motion at Front gate' });
      expect(first[0]?.text).toBe(
        [
          'Front gate saw motion at 23 Nov 2026, 21:05.',
          '',
          'See the events: http://localhost:8080/events',
          '',
          'You get this e-mail because your notifications for Front gate ask for what analytics find. Vigil sends at most one',
          'such e-mail per camera every 10 minutes; the events page lists them all.',
          `Change your notifications: http://localhost:8080/cameras/${encodeURIComponent(cam)}/settings`,
        ].join('\n'),
      );
      expect(viewer.email).not.toBe(owner.email);

      // A minute later: more motion is not sent again; a rule's alert is its own kind and goes.
      t.clock.advance(60_000);
      from = smtp.mails.length;
      await motion(t, cam);
      expect(mailsSince(from)).toEqual([]);
      const labeller = t.app.services.labeller;
      const on = await t.call({
        method: 'PUT',
        url: '/cameras/config/analytics',
        token: owner.token,
        payload: { uidd: cam, enabled: true, scheme: 'objects' },
      });
      expect(on.status).toBe(200);
      const area = await t.call({
        method: 'POST',
        url: '/analytics/areas',
        token: owner.token,
        payload: {
          uidd: cam,
          area: {
            name: 'Path',
            kind: 'zone',
            points: [
              [0, 0.5],
              [1, 0.5],
              [1, 1],
              [0, 1],
            ],
          },
        },
      });
      const rule = await t.call({
        method: 'POST',
        url: '/analytics/alerts/rules',
        token: owner.token,
        payload: {
          uidd: cam,
          rule: {
            name: 'Person on the path',
            areaId: area.json.areas[0].id,
            objectClass: 'person',
            event: 'presence',
          },
        },
      });
      expect(rule.status, JSON.stringify(rule.json)).toBe(200);
      labeller.still({ id: 'ev-person', uidd: cam, still: await personPicture() });
      await labeller.idle();
      await t.app.services.notifier.flush();
      const ruled = mailsSince(from);
      expect(ruled.map((m) => m.to).sort()).toEqual([owner.email, reader.email].sort());
      expect(ruled.map((m) => m.subject)).toEqual([
        'Vigil: Person on the path (Front gate)',
        'Vigil: Person on the path (Front gate)',
      ]);
      expect(ruled[0]?.text.split('\n')[0]).toBe(
        'Person on the path: person in Path, seen by Front gate at 23 Nov 2026, 21:06.',
      );

      // Ten minutes after the first: motion is told again.
      t.clock.t = Date.UTC(2026, 10, 23, 21, 15);
      from = smtp.mails.length;
      await motion(t, cam);
      expect(
        mailsSince(from)
          .map((m) => m.to)
          .sort(),
      ).toEqual([owner.email, reader.email].sort());

      // Quiet from 21:20 to 07:00 on Mondays (the camera's notifications schedule, in its zone).
      const schedule = (time: string, action: string) =>
        t.call({
          method: 'POST',
          url: `/schedule/${owner.uid}/notifications/${time}/${action}`,
          token: owner.token,
          payload: { uidd: cam, daysOfWeek: [1] },
        });
      expect((await schedule('21:20', 'off')).status).toBe(200);
      expect((await schedule('07:00', 'on')).status).toBe(200);
      t.clock.t = Date.UTC(2026, 10, 23, 21, 40);
      from = smtp.mails.length;
      await motion(t, cam);
      expect(mailsSince(from)).toEqual([]);
      // Still quiet on Tuesday 06:59 (the week runs on from Monday's last entry); told again on Monday 07:00.
      t.clock.t = Date.UTC(2026, 10, 24, 6, 59);
      await motion(t, cam);
      expect(mailsSince(from)).toEqual([]);
      t.clock.t = Date.UTC(2026, 10, 30, 7, 0);
      await motion(t, cam);
      expect(
        mailsSince(from)
          .map((m) => m.to)
          .sort(),
      ).toEqual([owner.email, reader.email].sort());

      // The owner turns analytics off: only the reader is told.
      expect((await settings(owner.token, { analytics: false })).status).toBe(200);
      t.clock.advance(11 * 60_000);
      from = smtp.mails.length;
      await motion(t, cam);
      expect(mailsSince(from).map((m) => m.to)).toEqual([reader.email]);
    }, 120_000);

    it('says the brand the person registered on (decisions 0823, 0825)', async () => {
      const t = ctx();
      t.clock.t = Date.UTC(2026, 10, 23, 21, 5);
      const support = await signedInUser(t, 's');
      const brand = { ...plainBrand('beta', ['watch.beta.test']), name: 'Beta Guard', canRegister: true };
      expect(
        (await t.call({ method: 'POST', url: '/support/brands', token: support.token, payload: brand }))
          .status,
      ).toBe(200);
      const email = `porch-${t.kind}@example.test`;
      const registered = await t.call({
        method: 'POST',
        url: '/account/register',
        headers: { host: 'watch.beta.test' },
        payload: { email, password: 'a long enough passphrase', subscriberType: 'enduser' },
      });
      expect(registered.status).toBe(200);
      const uid = (await t.app.services.users.uidOfEmail(email)) ?? '';
      const cam = await insertCamera(t, uid, { name: 'Porch', timezone: 'Europe/London' });
      const from = smtp.mails.length;
      await motion(t, cam);
      // (The registration's own e-mail may arrive meanwhile.)
      const mine = mailsSince(from).filter(
        (m) => m.to === email && m.subject !== 'Confirm your e-mail address',
      );
      expect(mine.map((m) => m.subject)).toEqual(['Beta Guard: motion at Porch']);
      const mail = mine[0];
      expect(mail?.text).toContain('See the events: http://watch.beta.test/events');
      expect(mail?.text).toContain('Beta Guard sends at most one');
    });

    it('tells nobody about the demo account’s cameras', async () => {
      const t = ctx();
      const demo = (await t.app.services.users.demoUid()) ?? '';
      expect(demo).not.toBe('');
      const cam = await insertCamera(t, demo, { name: 'Demo yard' });
      t.clock.advance(60 * 60_000);
      const from = smtp.mails.length;
      await motion(t, cam);
      expect(mailsSince(from)).toEqual([]);
    });
  },
  { SMTP_URL: smtp.url },
);

import type { EpochMs } from '@vigil/contracts';
import { afterAll, expect, it } from 'vitest';
import { describeEachDb } from '../../testing/harness.ts';
import { signedInUser } from '../../testing/sessions.ts';
import { insertCamera } from '../cameras/testing.ts';
import { startPushStandIn } from './testing.ts';

// This helper's own port for the push service stand-in.
const service = await startPushStandIn(21113);
afterAll(() => service.stop());

/**
 * Web push (decision 0713) to a push service standing in for a browser vendor's: the notification is signed with
 * the deployment's VAPID key (checked by the stand-in) and decrypts with the browser's keys to the literal payload;
 * a subscription the service says is gone (410) is dropped; one removed by its browser gets nothing.
 */
describeEachDb('web push of camera notifications', (ctx) => {
  it('pushes to each browser a person subscribed, signed and encrypted', async () => {
    const t = ctx();
    t.clock.t = Date.UTC(2026, 10, 23, 21, 5);
    const owner = await signedInUser(t);
    const cam = await insertCamera(t, owner.uid, { name: 'Front gate', timezone: 'Europe/London' });
    const key = await t.call({ method: 'GET', url: '/push/key', token: owner.token });
    // An uncompressed P-256 point: 65 bytes, 87 base64url characters.
    expect([key.status, Buffer.from(key.json.publicKey, 'base64url').length]).toEqual([200, 65]);

    const phone = service.subscribe(`/sub/${t.kind}/phone`);
    const gone = service.subscribe(`/gone/${t.kind}/laptop`);
    for (const sub of [phone, gone])
      expect(
        (await t.call({ method: 'POST', url: '/push/subscriptions', token: owner.token, payload: sub }))
          .status,
      ).toBe(200);
    const patched = await t.call({
      method: 'PATCH',
      url: '/cameras/notifications/config',
      token: owner.token,
      payload: { uidd: cam, settings: { push: true, email: false } },
    });
    expect(patched.status).toBe(200);

    const motion = async () => {
      await t.app.services.motionSink.started({
        uidd: cam,
        startMs: t.clock.now() as EpochMs,
        score: 6,
        rom: false,
        pictures: null,
      });
      await t.app.services.notifier.flush();
    };
    const before = service.received.length;
    await motion();
    const got = service.received.slice(before);
    expect(got.map((r) => r.path)).toEqual([`/sub/${t.kind}/phone`]);
    expect(JSON.parse(got[0]?.payload ?? '')).toEqual({
      title: 'motion at Front gate',
      body: 'Front gate saw motion at 23 Nov 2026, 21:05.',
      url: 'http://localhost:8080/events',
    });
    expect(got[0]?.vapidKey).toBe(key.json.publicKey);
    expect(got[0]?.claims).toMatchObject({ aud: service.origin, sub: 'mailto:support@vigil.local' });
    expect([got[0]?.headers.ttl, got[0]?.headers.urgency, got[0]?.headers['content-encoding']]).toEqual([
      '3600',
      'normal',
      'aes128gcm',
    ]);
    // E-mail was turned off: none written.
    const mails = await t.db.db
      .selectFrom('outbox')
      .select('subject')
      .where('to_address', '=', owner.email)
      .execute();
    expect(mails.map((m) => m.subject)).not.toContain('Vigil: motion at Front gate');
    // The push service said the laptop's subscription is gone: dropped.
    const left = await t.db.db
      .selectFrom('push_subscriptions')
      .select('endpoint')
      .where('user_uid', '=', owner.uid)
      .execute();
    expect(left.map((r) => r.endpoint)).toEqual([phone.endpoint]);

    // The phone unsubscribes: the next notice (after the window) reaches no browser.
    const del = await t.call({
      method: 'DELETE',
      url: '/push/subscriptions',
      token: owner.token,
      payload: { endpoint: phone.endpoint },
    });
    expect(del.status).toBe(200);
    t.clock.advance(11 * 60_000);
    const after = service.received.length;
    await motion();
    expect(service.received.length).toBe(after);
  }, 60_000);

  it('keeps a subscription its subscriber’s: another person cannot remove it', async () => {
    const t = ctx();
    const a = await signedInUser(t);
    const b = await signedInUser(t);
    const sub = service.subscribe(`/sub/${t.kind}/a`);
    await t.call({ method: 'POST', url: '/push/subscriptions', token: a.token, payload: sub });
    await t.call({
      method: 'DELETE',
      url: '/push/subscriptions',
      token: b.token,
      payload: { endpoint: sub.endpoint },
    });
    const rows = await t.db.db
      .selectFrom('push_subscriptions')
      .select('user_uid')
      .where('endpoint', '=', sub.endpoint)
      .execute();
    expect(rows).toEqual([{ user_uid: a.uid }]);
  });
});

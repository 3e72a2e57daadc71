import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Uidd } from '@vigil/contracts';
import { afterAll, expect, it } from 'vitest';
import { describeEachDb } from '../../testing/harness.ts';
import { signedInUser } from '../../testing/sessions.ts';
import { FakeProbe, FakePtz } from '../cameras/testing.ts';
import { Recording } from '../recording/recording.ts';
import { until } from '../recording/testing.ts';
import { syntheticRecording } from '../recordings/testing.ts';
import { PLAN_ENDING_SUBJECT } from './retention-review.ts';

/**
 * Retention re-checked when a plan ends (decision 0717): a paid plan of 90 days, cancelled; the owner is warned at
 * once (e-mail), nothing is deleted while the plan runs, and after it has lapsed the review holds the cameras to
 * the default plan's 30 days and the recorder's next sweep deletes the recording of 50 days ago, not that of 10.
 */
const DAY = 86_400_000;
const PLAN = { resolution: '2MP', mode: 'rom', storageDays: 90, interval: 'monthly', cameras: 2, addons: [] };
const dataDirs: string[] = [];
afterAll(() => {
  for (const d of dataDirs) rmSync(d, { recursive: true, force: true });
});

function freshDataDir(): string {
  const d = mkdtempSync(join(tmpdir(), 'vigil-retention-review-'));
  dataDirs.push(d);
  return d;
}

describeEachDb(
  'retention re-checked when a plan ends',
  (ctx) => {
    it('warns at cancellation, then deletes beyond the default days at the first sweep after the plan ends', async () => {
      const t = ctx();
      const u = await signedInUser(t);
      const call = (method: 'POST' | 'GET', url: string, payload?: object) =>
        t.call({ method, url, token: u.token, ...(payload ? { payload } : {}) });
      const installed = await call('POST', '/cameras', { url: 'rtsp://10.0.0.1/stream', name: 'Shed' });
      expect(installed.status).toBe(201);
      const cam = installed.json.uidd as Uidd;
      const quote = await call('POST', '/quotes', { plan: PLAN });
      const checkout = await call('POST', `/account/${u.uid}/checkout`, { quoteId: quote.json.id });
      const paid = await call('POST', `/account/${u.uid}/invoices/${checkout.json.invoice.id}/pay`, {
        provider: 'test',
        card: { number: '4242424242424242', expiry: '12/39', cvc: '123' },
      });
      expect(paid.status).toBe(200);
      const days = async () =>
        (
          await t.db.db
            .selectFrom('cameras')
            .select('cloud_storage_days')
            .where('uidd', '=', cam)
            .executeTakeFirst()
        )?.cloud_storage_days;
      expect(await days()).toBe(90);

      // Recorded 50 and 10 days ago (the recorder judges age by the real clock).
      const dir = t.config.DATA_DIR;
      await syntheticRecording(t.db.db, dir, cam, { endMs: Date.now() - 50 * DAY });
      await syntheticRecording(t.db.db, dir, cam, { endMs: Date.now() - 10 * DAY });
      const left = async () =>
        (await t.db.db.selectFrom('segments').select('start_ms').where('camera_uidd', '=', cam).execute())
          .length;
      const recorder = (t.app.services.recording as Recording).recorder!;
      const review = t.app.services.licencesReview;
      expect(await recorder.runRetention()).toBe(0);

      const cancelled = await call('POST', `/account/${u.uid}/subscription/cancel`);
      expect(cancelled.json.subscription.state).toBe('pending_cancellation');
      const ends = new Date(cancelled.json.subscription.periodEnd).toISOString().slice(0, 10);
      const mail = await t.db.db
        .selectFrom('outbox')
        .select(['to_address', 'subject', 'body_text'])
        .where('to_address', '=', u.email)
        .where('subject', '=', PLAN_ENDING_SUBJECT)
        .execute();
      expect(mail).toHaveLength(1);
      expect(mail[0]?.body_text).toContain(
        `Your plan ends on ${ends} (UTC). After that, your cameras keep 30 days of video instead of 90:`,
      );

      // While the plan runs: nothing changes.
      expect(await review.review()).toEqual([]);
      expect(await recorder.runRetention()).toBe(0);
      expect(await left()).toBe(2);

      // The period ends (nobody reads the subscription): the review settles it and holds the camera to 30 days.
      t.clock.advance(40 * DAY);
      expect(await review.review()).toEqual([cam]);
      expect(await days()).toBe(30);
      // The recorder follows the change; its next sweep deletes the recording older than 30 days.
      expect(await until(() => recorder.runRetention(), 10_000)).toBe(1);
      expect(await left()).toBe(1);
      expect(await review.review()).toEqual([]);
    }, 60_000);
  },
  () => ({ DATA_DIR: freshDataDir() }),
  () => ({
    cameras: { probe: new FakeProbe(), ptz: new FakePtz() },
    recording: new Recording({
      dataDir: dataDirs.at(-1) as string,
      tuning: { stillIntervalMs: 0, retentionIntervalMs: 0, rtspTimeoutMs: 1000, backoffInitialMs: 5000 },
    }),
  }),
);

import { type Simulator, startSimulator } from '@vigil/simulator';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { describeEachDb } from '../../testing/harness.ts';
import { signedInUser } from '../../testing/sessions.ts';
import { readMail, startSmtpSink } from '../../testing/smtp.ts';
import { Recording, type RecordingDeps } from '../recording/recording.ts';
import { until } from '../recording/testing.ts';
import { installFrontGate, STATUS_DEBOUNCE_MS, statusSuite } from './testing.ts';

const DEBOUNCE_MS = STATUS_DEBOUNCE_MS;

/** The recording part of a process that can be restarted: stopped, then started again on what the app gave it. */
class RestartableRecording extends Recording {
  deps: RecordingDeps | undefined;
  override async start(deps: RecordingDeps): Promise<void> {
    this.deps = deps;
    await super.start(deps);
  }
  async restart(between: () => Promise<void> = async () => {}): Promise<void> {
    const deps = this.deps;
    if (!deps) throw new Error('not started');
    await this.stop();
    await between();
    await super.start(deps);
  }
}

let sim: Simulator;
const smtp = await startSmtpSink();
const suite = statusSuite('status-restart', smtp.url, (o) => new RestartableRecording(o));
beforeAll(async () => {
  sim = await startSimulator({
    cameras: [
      { gopSec: 1, motion: [] },
      { gopSec: 1, motion: [] },
    ],
    // This file's own ports (apart from status-notifications.test.ts' 22000–22039).
    portRange: [23300, 23339],
  });
});
afterAll(async () => {
  await sim?.stop();
  await smtp.stop();
  suite.removeDirs();
});

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

/**
 * Online/offline notices across restarts (decision 0874), end to end: the real recorder reads a simulator camera and
 * keeps the told state in the database; the recording process is stopped, the camera's RTSP source stopped, and the
 * recording started again, as a restart does; a real SMTP server receives what the notifier sends.
 */
describeEachDb(
  'camera online/offline notifications across restarts',
  (ctx) => {
    it('a camera down across a restart is told offline once; again restarted, nothing; back, online once', async () => {
      const t = ctx();
      const index = t.kind === 'sqlite' ? 0 : 1;
      const recording = t.app.services.recording as RestartableRecording;
      const owner = await signedInUser(t);
      const uidd = await installFrontGate(t, owner.token, sim.cameras[index]!.urls.main);
      const from = smtp.mails.length;
      const mails = () => smtp.mails.slice(from).map((m) => ({ to: m.to.join(','), ...readMail(m.raw) }));
      const told = () =>
        t.db.db
          .selectFrom('camera_status_notices')
          .select(['state', 'version'])
          .where('uidd', '=', uidd)
          .executeTakeFirst();

      // Online, settled and kept (silently: the first state is nobody's news).
      await until(async () => (await told())?.state === 'online', 30_000);
      expect(await told()).toEqual({ state: 'online', version: 0 });

      // The process stops, the camera goes down while nothing reads it, and the process starts again.
      await recording.restart(() => sim.stopCamera(index));
      const restarted = Date.now();
      await until(() => mails().length >= 1, 40_000);
      expect(Date.now() - restarted).toBeGreaterThanOrEqual(DEBOUNCE_MS);
      await sleep(DEBOUNCE_MS + 1000);
      await t.app.services.notifier.flush();
      expect(mails().map((m) => [m.to, m.subject])).toEqual([[owner.email, 'Vigil: Front gate is offline']]);
      expect(mails()[0]!.text.split('\n')[1]).toBe('Vigil cannot reach it on the network.');
      expect(await told()).toEqual({ state: 'offline', version: 1 });

      // Restarted again while still down: it was told.
      await recording.restart();
      await sleep(2 * DEBOUNCE_MS + 1000);
      await t.app.services.notifier.flush();
      expect(mails()).toHaveLength(1);

      // Restarted while it comes back: one "back online".
      await recording.restart(() => sim.startCamera(index));
      await until(() => mails().length >= 2, 40_000);
      await sleep(DEBOUNCE_MS + 1000);
      await t.app.services.notifier.flush();
      expect(mails().map((m) => [m.to, m.subject])).toEqual([
        [owner.email, 'Vigil: Front gate is offline'],
        [owner.email, 'Vigil: Front gate is back online'],
      ]);
      expect(await told()).toEqual({ state: 'online', version: 2 });
    }, 150_000);
  },
  suite.env,
  suite.options,
);

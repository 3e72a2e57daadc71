import { epochMs } from '@vigil/contracts';
import type { StorageState } from '@vigil/recorder';
import { beforeAll, expect, it } from 'vitest';
import { describeEachDb } from '../../testing/harness.ts';
import { type SignedIn, signedInUser } from '../../testing/sessions.ts';
import { insertCamera } from '../cameras/testing.ts';
import { FakeRecording } from '../recording/testing.ts';

/** A recorder whose disk is 1 GB short of its watermark. */
class ShortDiskRecording extends FakeRecording {
  storage = (): StorageState => ({
    state: 'ok',
    totalBytes: 100_000_000_000,
    freeBytes: 4_000_000_000,
    requiredFreeBytes: 5_000_000_000,
    paused: false,
    since: epochMs(0),
  });
}

let recording = new ShortDiskRecording();

/** The health screen (decision 0721): cameras on the recorder by state, the error-report rate, the alerts. */
describeEachDb(
  'support health screen',
  (ctx) => {
    let support: SignedIn;
    let user: SignedIn;
    beforeAll(async () => {
      [support, user] = await Promise.all([signedInUser(ctx(), 's'), signedInUser(ctx())]);
    });

    it('shows each camera recording, behind or offline with its reason, and the alerts firing', async () => {
      const t = ctx();
      const now = t.clock.now();
      const [front, yard, gate] = [
        await insertCamera(t, user.uid, { name: 'Front' }),
        await insertCamera(t, user.uid, { name: 'Yard' }),
        await insertCamera(t, user.uid, { name: 'Gate' }),
      ];
      const board = recording.integrations.statusProvider;
      board.report(front, { state: 'live', lastActivity: epochMs(now - 1_000) });
      board.report(yard, { state: 'live', lastActivity: epochMs(now - 45_000) });
      board.report(gate, { state: 'error', problem: 'unauthorised', lastActivity: epochMs(now - 600_000) });
      // 55 reports in the last 5 minutes: 11 a minute, above the rule's 10 (one too old to count).
      const rows = Array.from({ length: 56 }, (_, i) => ({
        id: `report-${i}`,
        uid: user.uid,
        caller_uid: null,
        identifier: 'cameras',
        href: 'https://vigil.test/cameras',
        message: `error ${i}`,
        trace: '',
        info: '',
        user_agent: null,
        client_ip: '127.0.0.1',
        created_at: i === 0 ? now - 300_001 : now - i * 1000,
        forwarded_at: null,
        forward_error: null,
      }));
      await t.db.db.insertInto('web_error_reports').values(rows).execute();

      const res = await t.call({ method: 'GET', url: '/support/health', token: support.token });
      expect(res.status, JSON.stringify(res.json)).toBe(200);
      expect(res.json.recorders).toEqual([
        {
          id: 'this server',
          publicUrl: null,
          alive: true,
          heartbeatAgeMs: null,
          draining: false,
          counts: { recording: 1, offline: 1, behind: 1 },
          // The problem cameras only (decision 0747): the recording one is counted, not listed.
          cameras: [
            {
              uidd: gate,
              name: 'Gate',
              state: 'offline',
              reason: 'unauthorised',
              lastActivity: now - 600_000,
            },
            { uidd: yard, name: 'Yard', state: 'behind', reason: null, lastActivity: now - 45_000 },
          ],
          problems: 2,
        },
      ]);
      expect([res.json.unassigned, res.json.unassignedCount]).toEqual([[], 0]);
      expect(res.json.errorReportsPerMin).toBe(11);
      expect(
        res.json.alerts.map((a: { id: string; firing: boolean; value: number | null }) => [
          a.id,
          a.firing,
          a.value,
        ]),
      ).toEqual([
        ['disk_over_watermark', true, 1_000_000_000],
        ['recorder_missing_heartbeats', false, null],
        ['error_report_rate', true, 11],
        ['database_down', false, 0],
        ['nats_down', false, null],
      ]);

      expect((await t.call({ method: 'GET', url: '/support/health', token: user.token })).status).toBe(403);
    });

    it('pages through the problem cameras, offline first; a camera not reported is counted, not listed', async () => {
      const t = ctx();
      const board = recording.integrations.statusProvider;
      // 22 more cameras the recorder says are unreachable, and one it has not reported at all.
      const down: string[] = [];
      for (let i = 0; i < 22; i++) {
        const uidd = await insertCamera(t, user.uid, { name: `Down ${i}` });
        board.report(uidd, { state: 'error', problem: 'unreachable' });
        down.push(uidd);
      }
      await insertCamera(t, user.uid, { name: 'Unreported' });
      const get = (url: string, token = support.token) => t.call({ method: 'GET', url, token });

      const first = (await get('/support/health')).json.recorders[0];
      expect([first.counts, first.problems, first.cameras.length]).toEqual([
        { recording: 1, offline: 24, behind: 1 },
        24,
        20,
      ]);
      const second = await get('/support/health/cameras?recorder=this%20server&offset=20');
      expect(second.status, JSON.stringify(second.json)).toBe(200);
      expect([second.json.total, second.json.offset]).toEqual([24, 20]);
      // 23 offline by uidd (the 22 and Gate), then the one behind: the last four.
      const gate = first.cameras.find((c: { name: string }) => c.name === 'Gate').uidd as string;
      const offline = [...down, gate].sort((a, b) => (a < b ? -1 : a > b ? 1 : 0));
      expect(second.json.cameras.map((c: { uidd: string; state: string }) => [c.uidd, c.state])).toEqual([
        [offline[20], 'offline'],
        [offline[21], 'offline'],
        [offline[22], 'offline'],
        [expect.any(String), 'behind'],
      ]);
      expect(second.json.cameras[3].name).toBe('Yard');
      expect(first.cameras.map((c: { uidd: string }) => c.uidd)).toEqual(offline.slice(0, 20));
      // One process has no unheld cameras; an unknown recorder is 404; only support reads.
      expect((await get('/support/health/cameras')).json).toEqual({ cameras: [], total: 0, offset: 0 });
      expect((await get('/support/health/cameras?recorder=r9')).status).toBe(404);
      expect((await get('/support/health/cameras', user.token)).status).toBe(403);
    });

    it('exports the alerts at /metrics', async () => {
      const t = ctx();
      const scrape = await t.app.inject({
        method: 'GET',
        url: '/metrics',
        headers: { authorization: `Bearer ${support.token}` },
      });
      expect(scrape.statusCode).toBe(200);
      expect(scrape.body).toContain('vigil_alert_firing{alert="disk_over_watermark"} 1');
      expect(scrape.body).toContain('vigil_alert_value{alert="disk_over_watermark"} 1000000000');
      expect(scrape.body).toContain('vigil_alert_threshold{alert="error_report_rate"} 10');
      expect(scrape.body).toContain('vigil_alert_firing{alert="error_report_rate"} 1');
      expect(scrape.body).toContain('vigil_alert_firing{alert="database_down"} 0');
      expect(scrape.body).not.toContain('vigil_alert_value{alert="recorder_missing_heartbeats"}');
    });
  },
  {},
  () => {
    recording = new ShortDiskRecording();
    return { recording };
  },
);

import { createServer } from 'node:http';
import { TEST_DB_KINDS } from '@vigil/db/testing';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { type NatsMessaging, openNatsMessaging } from '../../messaging.ts';
import { createTestApp, type TestApp } from '../../testing/harness.ts';
import { OwnNatsServer } from '../../testing/nats.ts';
import { startSmtpSink } from '../../testing/smtp.ts';
import { HealthAlertNotifier } from './alert-notifier.ts';
import { AlertStatesRepository } from './alert-states-repository.ts';

// This helper's own ports (never the machine's NATS on 4222).
const NATS_PORT = 21110;
const WEBHOOK_PORT = 21112;

/** A chat webhook stand-in: keeps each JSON body it receives, answers 200 as Slack does. */
const received: unknown[] = [];
const webhook = createServer((req, res) => {
  const chunks: Buffer[] = [];
  req.on('data', (c: Buffer) => chunks.push(c));
  req.on('end', () => {
    received.push({
      method: req.method,
      type: req.headers['content-type'],
      body: JSON.parse(Buffer.concat(chunks).toString()),
    });
    res.end('ok');
  });
});
const smtp = await startSmtpSink();
beforeAll(() => new Promise<void>((r) => webhook.listen(WEBHOOK_PORT, '127.0.0.1', r)));
afterAll(async () => {
  await new Promise((r) => webhook.close(r));
  await smtp.stop();
});

const until = async (what: () => Promise<boolean>, ms = 30_000) => {
  const deadline = Date.now() + ms;
  while (!(await what())) {
    if (Date.now() > deadline) throw new Error('condition not reached');
    await new Promise((r) => setTimeout(r, 100));
  }
};
const silent = { info() {}, warn() {}, error() {} };
const NATS_RULE = 'The realtime bus: 1 while NATS is unreachable, 2 while its JetStream consumer is stalled';

/**
 * Health alerts told to support (decisions 0711, 0712): a real nats-server of the test's own is killed, restarted,
 * and hung (SIGSTOP); the NATS rule fires and resolves on /health and /metrics, and each start and resolve reaches
 * the chat webhook stand-in and support's mailbox (a real SMTP server) once.
 */
describe.each(TEST_DB_KINDS)('health alerts told to support [%s]', (kind) => {
  let nats: OwnNatsServer;
  let messaging: NatsMessaging;
  let t: TestApp;
  beforeAll(async () => {
    nats = await OwnNatsServer.start(NATS_PORT);
    messaging = await openNatsMessaging(nats.url, {
      name: 'alerts-test',
      log: silent,
      probe: { intervalMs: 200, stallMs: 1_500 },
    });
    t = await createTestApp(
      kind,
      {
        SMTP_URL: smtp.url,
        ALERT_WEBHOOK_URL: `http://127.0.0.1:${WEBHOOK_PORT}/hooks/alerts`,
        SUPPORT_EMAIL: 'oncall@vigil.test',
        RECORDER_ID: 'server-a',
        METRICS_TOKEN: 'metrics-token-0123456789',
      },
      { natsStatus: messaging.status },
    );
  }, 60_000);
  afterAll(async () => {
    await t.app.close();
    await t.db.destroy();
    nats.resume();
    await messaging.close().catch(() => {});
    await nats.stop();
  });
  afterEach(() => {
    received.length = 0;
  });

  const health = async () => (await t.call({ method: 'GET', url: '/health' })).json;
  const metric = async () => {
    const res = await t.app.inject({
      method: 'GET',
      url: '/metrics',
      headers: { authorization: 'Bearer metrics-token-0123456789' },
    });
    return /vigil_alert_value\{alert="nats_down"\} (\d+)/.exec(res.body)?.[1];
  };
  const mails = () =>
    smtp.mails
      .filter((m) => m.to.includes('oncall@vigil.test'))
      .map((m) => /^Subject: (.*)$/m.exec(m.raw)?.[1]);
  const text = (state: string, value: number) =>
    `[Vigil region local, server-a] ${state} nats_down: ${NATS_RULE} (value ${value}, fires above 0)`;
  const hook = (state: string, value: number) => ({
    method: 'POST',
    type: 'application/json',
    body: { text: text(state, value) },
  });

  it('tells a hung NATS (connected, its consumer stalled) and its recovery', async () => {
    nats.pause();
    await until(async () => (await health()).natsStatus === 'stalled');
    expect(await metric()).toBe('2');
    await t.app.services.healthAlerts.check();
    expect(received).toEqual([hook('FIRING', 2)]);

    nats.resume();
    await until(async () => (await health()).natsStatus === 'up');
    await t.app.services.healthAlerts.check();
    expect(received).toEqual([hook('FIRING', 2), hook('RESOLVED', 0)]);
    const mail = smtp.mails.filter((m) => m.to.includes('oncall@vigil.test')).at(-1)?.raw ?? '';
    expect(mail.replaceAll('=\r\n', '')).toContain('Measured now: 0 (it fires above 0)');
  }, 90_000);

  it('tells NATS going away and coming back once each, by chat and e-mail', async () => {
    const before = mails().length;
    await t.app.services.healthAlerts.check();
    expect(received).toEqual([]);
    expect([(await health()).natsStatus, await metric()]).toEqual(['up', '0']);

    await nats.kill();
    await until(async () => (await health()).natsStatus === 'down');
    expect((await health()).status).toBe('degraded');
    expect(await metric()).toBe('1');
    await t.app.services.healthAlerts.check();
    await t.app.services.healthAlerts.check();
    expect(received).toEqual([hook('FIRING', 1)]);
    expect(mails().slice(before)).toEqual(['Vigil alert firing: nats_down (region local, server-a)']);

    // Another server of the region sees the same (its own process's rule would be its own key; this one is told).
    const other = new HealthAlertNotifier({
      alerts: async () => [{ id: 'nats_down', firing: true, value: 1, threshold: 0, summary: NATS_RULE }],
      states: new AlertStatesRepository(t.db.db),
      mail: async () => {
        throw new Error('not to be sent');
      },
      supportEmail: 'oncall@vigil.test',
      webhookUrl: `http://127.0.0.1:${WEBHOOK_PORT}/hooks/alerts`,
      region: 'local',
      instance: 'server-a',
      log: t.app.log,
      now: Date.now,
    });
    await other.check();
    expect(received).toHaveLength(1);

    await nats.restart();
    await until(async () => (await health()).natsStatus === 'up');
    await t.app.services.healthAlerts.check();
    await t.app.services.healthAlerts.check();
    expect(received).toEqual([hook('FIRING', 1), hook('RESOLVED', 0)]);
    expect(mails().slice(before)).toEqual([
      'Vigil alert firing: nats_down (region local, server-a)',
      'Vigil alert resolved: nats_down (region local, server-a)',
    ]);
  }, 90_000);
});

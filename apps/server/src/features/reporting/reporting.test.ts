import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { describeEachDb } from '../../testing/harness.ts';

const report = {
  identifier: 'someone@example.com',
  href: 'https://vigil.example/cameras?token=secret-token',
  message: 'TypeError: x is undefined',
  trace: 'at Cameras (cameras.tsx:10)',
  info: 'page crash',
};

const usage = {
  type: 'start',
  val: {
    host: 'vigil.example',
    fingerprint: 'fp-1',
    instance: 'tab-1',
    version: '2.44.15',
    url: '/cameras',
    windowSize: '1280x800',
  },
};

/** A stand-in Slack webhook on the loopback: records what it is sent. */
const received: unknown[] = [];
let slack: Server;
let slackUrl = '';
beforeAll(async () => {
  slack = createServer((req, res) => {
    let body = '';
    req.on('data', (c: Buffer) => {
      body += c.toString();
    });
    req.on('end', () => {
      received.push(JSON.parse(body));
      res.writeHead(req.url === '/fail' ? 500 : 200).end('ok');
    });
  });
  await new Promise<void>((r) => slack.listen(0, '127.0.0.1', r));
  slackUrl = `http://127.0.0.1:${(slack.address() as AddressInfo).port}/hook`;
});
afterAll(() => new Promise<void>((r) => slack.close(() => r())));

describeEachDb('POST /web-errors/:uid/slack without a webhook', (ctx) => {
  it('stores a report from a signed-out browser, redacting tokens', async () => {
    const t = ctx();
    const res = await t.call({ method: 'POST', url: '/web-errors/anonymous/slack', payload: report });
    expect(res.status).toBe(202);
    const rows = await t.db.db.selectFrom('web_error_reports').selectAll().execute();
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({
      uid: 'anonymous',
      caller_uid: null,
      message: report.message,
      forwarded_at: null,
    });
    expect(rows[0]?.href).toBe('https://vigil.example/cameras?token=[redacted]');
  });

  it('records the signed-in caller and refuses malformed bodies', async () => {
    const t = ctx();
    const u = await t.createUser();
    const login = await t.call({
      method: 'POST',
      url: '/login',
      payload: { email: u.email, password: u.password },
    });
    const ok = await t.call({
      method: 'POST',
      url: `/web-errors/${u.uid}/slack`,
      payload: report,
      token: login.json.authToken,
    });
    expect(ok.status).toBe(202);
    const row = await t.db.db
      .selectFrom('web_error_reports')
      .selectAll()
      .where('uid', '=', u.uid)
      .executeTakeFirst();
    expect(row?.caller_uid).toBe(u.uid);
    const bad = await t.call({
      method: 'POST',
      url: '/web-errors/anonymous/slack',
      payload: { message: '' },
    });
    expect(bad.status).toBe(400);
    expect(bad.json.code).toBe('bad_request');
  });

  it('limits a flood from one address', async () => {
    const t = ctx();
    const statuses: number[] = [];
    for (let i = 0; i < 31; i += 1) {
      const res = await t.call({
        method: 'POST',
        url: '/web-errors/anonymous/slack',
        payload: report,
        remoteAddress: '10.9.9.9',
      });
      statuses.push(res.status);
    }
    expect(statuses.filter((s) => s === 202).length).toBe(30);
    expect(statuses.at(-1)).toBe(429);
  });
});

describe('Slack forwarding', () => {
  describeEachDb(
    'with SLACK_WEBHOOK_URL',
    (ctx) => {
      it('forwards the report and marks it forwarded', async () => {
        const t = ctx();
        const before = received.length;
        const res = await t.call({ method: 'POST', url: '/web-errors/anonymous/slack', payload: report });
        expect(res.status).toBe(202);
        await expect
          .poll(
            async () =>
              (await t.db.db.selectFrom('web_error_reports').select('forwarded_at').executeTakeFirst())
                ?.forwarded_at,
          )
          .toBeGreaterThan(0);
        const sent = received.slice(before) as { text: string }[];
        expect(sent).toHaveLength(1);
        expect(sent[0]?.text).toContain('TypeError: x is undefined');
        expect(sent[0]?.text).not.toContain('secret-token');
      });
    },
    // The webhook's address is only known once the stand-in listens: read it lazily through a getter.
    {
      get SLACK_WEBHOOK_URL() {
        return slackUrl;
      },
    } as unknown as Record<string, string>,
  );
});

describeEachDb('POST /tracking/:uid/0/alog', (ctx) => {
  it('stores the signed-in user’s usage log and refuses another account’s', async () => {
    const t = ctx();
    const u = await t.createUser();
    const other = await t.createUser();
    const login = await t.call({
      method: 'POST',
      url: '/login',
      payload: { email: u.email, password: u.password },
    });
    const token = login.json.authToken as string;
    const ok = await t.call({ method: 'POST', url: `/tracking/${u.uid}/0/alog`, payload: usage, token });
    expect(ok.status).toBe(202);
    const rows = await t.db.db.selectFrom('usage_logs').selectAll().where('uid', '=', u.uid).execute();
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({
      type: 'start',
      fingerprint: 'fp-1',
      window_size: '1280x800',
      url: '/cameras',
    });
    const theirs = await t.call({
      method: 'POST',
      url: `/tracking/${other.uid}/0/alog`,
      payload: usage,
      token,
    });
    expect(theirs.status).toBe(403);
    const anonymous = await t.call({ method: 'POST', url: `/tracking/${u.uid}/0/alog`, payload: usage });
    expect(anonymous.status).toBe(401);
    const bad = await t.call({
      method: 'POST',
      url: `/tracking/${u.uid}/0/alog`,
      payload: { ...usage, val: { ...usage.val, windowSize: 'huge' } },
      token,
    });
    expect(bad.status).toBe(400);
  });
});

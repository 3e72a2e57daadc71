import pino from 'pino';
import { afterAll, describe, expect, it } from 'vitest';
import { type NatsMessaging, natsConnectTarget, openNatsMessaging } from './messaging.ts';
import { OwnNatsServer } from './testing/nats.ts';

/**
 * NATS_URL with credentials (decision 0614): `nats://user:password@host:port` or `nats://token@host:port`, against
 * nats-servers of the test's own that require them.
 */
const log = pino({ level: 'silent' });
const started: OwnNatsServer[] = [];
const opened: NatsMessaging[] = [];

afterAll(async () => {
  for (const m of opened) await m.close();
  for (const s of started) await s.stop();
});

/** Opens messaging on `url`, or fails after `ms` (a refused login makes the client wait and retry for ever). */
async function openWithin(url: string, ms = 5000): Promise<NatsMessaging> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error(`not connected to NATS within ${ms} ms`)), ms);
  });
  const m = await Promise.race([openNatsMessaging(url, { name: 'creds-test', log }), timeout]).finally(() =>
    clearTimeout(timer),
  );
  opened.push(m);
  return m;
}

describe('NATS_URL credentials', () => {
  it('reads user and password, or a token, out of the URL; the servers keep no credentials', () => {
    expect(
      natsConnectTarget('nats://vigil:s%40cret@10.0.0.1:4222, nats://vigil:s%40cret@10.0.0.2:4222'),
    ).toEqual({
      servers: ['nats://10.0.0.1:4222', 'nats://10.0.0.2:4222'],
      user: 'vigil',
      pass: 's@cret',
    });
    expect(natsConnectTarget('tls://t0ken@nats.example.com:4222')).toEqual({
      servers: ['tls://nats.example.com:4222'],
      token: 't0ken',
    });
    expect(natsConnectTarget('nats://127.0.0.1:4222')).toEqual({ servers: ['nats://127.0.0.1:4222'] });
    expect(() => natsConnectTarget('nats://a:b@h1:4222,nats://a:c@h2:4222')).toThrow(/same credentials/);
  });

  it('connects with user and password to a nats-server that requires them', async () => {
    const server = await OwnNatsServer.start(19702, ['--user', 'vigil', '--pass', 'p@ss word']);
    started.push(server);
    const m = await openWithin(`nats://vigil:${encodeURIComponent('p@ss word')}@127.0.0.1:19702`);
    expect(m.status()).toBe('up');
    // JetStream answers too: the realtime stream was created through the authenticated connection.
    const seen = new Promise((resolve) => m.bus.subscribe((msg) => resolve(msg.type)));
    m.bus.publish({ type: 'alertUpdated', data: { uidd: 'u1.cam' as never, id: 'e1', change: 'ended' } });
    expect(await seen).toBe('alertUpdated');
  });

  it('connects with a token to a nats-server that requires one', async () => {
    const server = await OwnNatsServer.start(19703, ['--auth', 's3cret-token']);
    started.push(server);
    const m = await openWithin('nats://s3cret-token@127.0.0.1:19703');
    expect(m.status()).toBe('up');
  });
});

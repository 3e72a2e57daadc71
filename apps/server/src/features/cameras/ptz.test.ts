import { createServer, type Server, type Socket } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { OnvifError } from './onvif/client.ts';
import { OnvifPtz, PTZ_QUEUE_MAX, velocityOf } from './ptz.ts';

describe('velocityOf', () => {
  it('moves diagonally on both axes and does not move for home and stop', () => {
    expect(velocityOf('upleft')).toEqual({ pan: -0.5, tilt: 0.5, zoom: 0 });
    expect(velocityOf('zoomout', 1)).toEqual({ pan: 0, tilt: 0, zoom: -1 });
    expect(velocityOf('home')).toBeUndefined();
    expect(velocityOf('stop')).toBeUndefined();
  });
});

describe('OnvifPtz queue', () => {
  // A camera that accepts the connection and never answers: every move waits for its timeout.
  let silent: Server;
  const sockets = new Set<Socket>();
  let port = 0;
  beforeAll(async () => {
    silent = createServer((s) => {
      sockets.add(s);
      s.on('close', () => sockets.delete(s));
    });
    await new Promise<void>((r) => silent.listen(0, '127.0.0.1', r));
    port = (silent.address() as { port: number }).port;
  });
  afterAll(async () => {
    for (const s of sockets) s.destroy();
    await new Promise((r) => silent.close(r));
  });

  it('refuses a move beyond PTZ_QUEUE_MAX waiting ones as busy, and accepts moves again once they are done', async () => {
    const ptz = new OnvifPtz({ timeoutMs: 300 });
    const target = { host: '127.0.0.1', port };
    const kind = (p: Promise<unknown>) =>
      p.then(
        () => 'moved',
        (e: unknown) => (e as OnvifError).kind,
      );
    const queued = Array.from({ length: PTZ_QUEUE_MAX + 1 }, () => kind(ptz.move('u.d', target, 'left')));
    // Another camera has its own queue.
    const other = kind(ptz.move('u.other', target, 'left'));
    const refused = ptz.move('u.d', target, 'right');
    await expect(refused).rejects.toBeInstanceOf(OnvifError);
    expect(await kind(refused)).toBe('busy');
    expect(await Promise.all(queued)).toEqual(Array(PTZ_QUEUE_MAX + 1).fill('timeout'));
    expect(await other).toBe('timeout');
    expect(await kind(ptz.move('u.d', target, 'right'))).toBe('timeout');
  }, 20_000);
});

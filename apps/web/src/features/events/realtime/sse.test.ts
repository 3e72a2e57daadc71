import { describe, expect, it, vi } from 'vitest';
import { backoffMs, followSse, realtimePath, SseParser } from './sse.ts';
import { alertChange } from './use-alerts.ts';

describe('realtime stream', () => {
  it('parses messages split across chunks and skips comments', () => {
    const p = new SseParser();
    expect(p.push(': connected\n\nevent: alert\ndata: {"type":"alert",')).toEqual([]);
    expect(p.push('"data":{"id":"e1"}}\n\n: ping\n\n')).toEqual([
      { event: 'alert', data: { type: 'alert', data: { id: 'e1' } } },
    ]);
  });

  it('backs off from 1 s, doubling, to 60 s', () => {
    expect([0, 1, 2, 5, 6, 10].map(backoffMs)).toEqual([1000, 2000, 4000, 32_000, 60_000, 60_000]);
  });

  it('asks by camera, or by owner when the URL would pass 1800 characters', () => {
    expect(realtimePath(['alert'], ['u1.a', 'u1.b'])).toBe(
      '/cameras/realtime/live?types=alert&uidd=u1.a,u1.b',
    );
    const many = Array.from({ length: 200 }, (_, i) => `owner${i % 3}.camera-number-${i}`);
    expect(realtimePath(['alert'], many)).toBe(
      '/cameras/realtime/live?types=alert&owner=owner0,owner1,owner2',
    );
  });

  it('sends the token, reconnects after the stream fails, and says when it is back', async () => {
    const calls: RequestInit[] = [];
    let n = 0;
    const fetchImpl = vi.fn(async (_url: string | URL | Request, init?: RequestInit) => {
      calls.push(init ?? {});
      n++;
      if (n === 1) return new Response('nope', { status: 502 });
      return new Response(
        new ReadableStream({
          start(c) {
            c.enqueue(new TextEncoder().encode('event: alert\ndata: {"id":"x"}\n\n'));
            c.close();
          },
        }),
        { status: 200 },
      );
    });
    const got: unknown[] = [];
    let reconnects = 0;
    const stop = followSse({
      path: '/x',
      token: () => 'T',
      onMessage: (m) => got.push(m.data),
      onReconnect: () => reconnects++,
      fetchImpl: fetchImpl as unknown as typeof fetch,
    });
    // The first answer fails; the second comes after the first backoff (1 s).
    await vi.waitFor(() => expect(got).toEqual([{ id: 'x' }]), { timeout: 3000 });
    expect(calls[0]?.headers).toMatchObject({ authorization: 'Bearer T' });
    expect(calls).toHaveLength(2);
    expect(reconnects).toBe(1);
    stop();
  });
});

describe('alerts on the events page', () => {
  it('counts new alerts; an event’s update (labels stored, ended) refreshes without counting', () => {
    expect(alertChange({ event: 'alert', data: {} })).toBe('new');
    expect(alertChange({ event: 'alertUpdated', data: {} })).toBe('updated');
    expect(alertChange({ event: 'liveSession', data: {} })).toBe(null);
  });
});

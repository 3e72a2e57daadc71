import type { RealtimeMessage, Uidd } from '@vigil/contracts';
import { describe, expect, it, vi } from 'vitest';
import { connectRealtime, parseSse, realtimeBackoffMs } from './realtime-client.ts';

describe('realtime client', () => {
  it('backs off from 1 s, doubling, to 60 s', () => {
    expect([0, 1, 2, 3, 4, 5, 6, 7].map(realtimeBackoffMs)).toEqual([
      1000, 2000, 4000, 8000, 16000, 32000, 60000, 60000,
    ]);
  });

  it('parses events split across reads, ignoring comments', () => {
    const got: RealtimeMessage[] = [];
    const m = { type: 'liveSession', data: { uidd: 'a.b', state: 'started', stream: 'main' } };
    let rest = parseSse(': connected\n\nevent: liveSession\ndata: ', (x) => got.push(x));
    rest = parseSse(`${rest}${JSON.stringify(m)}\n\n: ping\n\n`, (x) => got.push(x));
    expect(got).toEqual([m]);
    expect(rest).toBe('');
  });

  it('reads data lines without the optional space after the colon', () => {
    const got: RealtimeMessage[] = [];
    const rest = parseSse('event: alert\ndata:{"type":"alert","data":{"id":"e1"}}\n\nevent: al', (x) =>
      got.push(x),
    );
    expect(got).toEqual([{ type: 'alert', data: { id: 'e1' } }]);
    expect(rest).toBe('event: al');
  });

  it('sends owner ids when the uidds would pass 1800 characters, with the token in the header', async () => {
    const urls: string[] = [];
    const headers: Record<string, string>[] = [];
    const fetchMock = vi.fn(async (url: string, init?: RequestInit) => {
      urls.push(url);
      headers.push(init?.headers as Record<string, string>);
      return new Response('', { status: 503 });
    });
    const uidds = Array.from({ length: 80 }, (_, i) => `owner${i % 3}.camera-number-${i}` as Uidd);
    const stop = connectRealtime({
      types: ['liveSession'],
      uidds,
      token: () => 'tok',
      onMessage: () => {},
      fetch: fetchMock as unknown as typeof fetch,
    });
    await vi.waitFor(() => expect(urls).toHaveLength(1));
    stop();
    expect(urls[0]).toContain('owner=owner0%2Cowner1%2Cowner2');
    expect(urls[0]!.length).toBeLessThan(1800);
    expect(headers[0]?.authorization).toBe('Bearer tok');
  });

  it('reconnects after a failure with the backoff delay', async () => {
    vi.useFakeTimers();
    const fetchMock = vi.fn(async () => new Response('', { status: 500 }));
    const delays: number[] = [];
    const stop = connectRealtime({
      types: ['alert'],
      uidds: ['a.b' as Uidd],
      token: () => undefined,
      onMessage: () => {},
      onError: (_e, ms) => delays.push(ms),
      fetch: fetchMock as unknown as typeof fetch,
    });
    await vi.advanceTimersByTimeAsync(1000 + 2000 + 10);
    stop();
    vi.useRealTimers();
    expect(delays.slice(0, 3)).toEqual([1000, 2000, 4000]);
    expect(fetchMock).toHaveBeenCalledTimes(3);
  });

  it('says when the stream is open again after a failure, and delivers what it carries', async () => {
    let n = 0;
    const fetchMock = vi.fn(async () => {
      n += 1;
      if (n === 1) return new Response('nope', { status: 502 });
      return new Response(
        new ReadableStream({
          start(c) {
            c.enqueue(new TextEncoder().encode('event: alert\ndata: {"type":"alert","data":{"id":"x"}}\n\n'));
          },
        }),
        { status: 200 },
      );
    });
    const got: unknown[] = [];
    let reconnects = 0;
    const stop = connectRealtime({
      types: ['alert'],
      uidds: ['a.b' as Uidd],
      token: () => 'T',
      onMessage: (m) => got.push(m.data),
      onReconnect: () => reconnects++,
      fetch: fetchMock as unknown as typeof fetch,
    });
    // The first answer fails; the second comes after the first backoff (1 s).
    await vi.waitFor(() => expect(got).toEqual([{ id: 'x' }]), { timeout: 3000 });
    stop();
    expect(fetchMock).toHaveBeenCalledTimes(2);
    expect(reconnects).toBe(1);
  });
});

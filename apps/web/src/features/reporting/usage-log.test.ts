import { describe, expect, it } from 'vitest';
import { ApiRequestError, NetworkError } from '../../shared/api/client.ts';
import { logUsage, usageLogRetryDelay } from './usage-log.ts';

const body = {
  type: 'start',
  val: { host: 'h', fingerprint: 'f', instance: 'i', version: 'v', url: '/', windowSize: '1x1' },
};

describe('logUsage (spec 000 §7, §9)', () => {
  it('retries network errors 5 times, waiting 60 s doubling, then gives up', async () => {
    const waits: number[] = [];
    let calls = 0;
    const ok = await logUsage(
      {
        send: async () => {
          calls += 1;
          throw new NetworkError('offline');
        },
        sleep: async (ms) => {
          waits.push(ms);
        },
      },
      'u1',
      body,
    );
    expect(ok).toBe(false);
    expect(calls).toBe(6);
    expect(waits).toEqual([60_000, 120_000, 240_000, 480_000, 960_000]);
    expect(usageLogRetryDelay(1)).toBe(60_000);
  });
  it('stops at the first success', async () => {
    let calls = 0;
    const ok = await logUsage(
      {
        send: async () => {
          calls += 1;
          if (calls < 3) throw new NetworkError('offline');
        },
        sleep: async () => {},
      },
      'u1',
      body,
    );
    expect([ok, calls]).toEqual([true, 3]);
  });
  it('does not retry an answer from the server', async () => {
    let calls = 0;
    const ok = await logUsage(
      {
        send: async () => {
          calls += 1;
          throw new ApiRequestError(400, 'bad_request', 'no');
        },
        sleep: async () => {},
      },
      'u1',
      body,
    );
    expect([ok, calls]).toEqual([false, 1]);
  });
});

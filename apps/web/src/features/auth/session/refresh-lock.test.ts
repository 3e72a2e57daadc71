import { beforeEach, describe, expect, it } from 'vitest';
import { STORAGE_KEYS } from '../../../shared/storage/local.ts';
import { acquireRefreshLock, REFRESH_LOCK_EXCEEDED_MESSAGE } from './refresh-lock.ts';

let t = 0;
const waits: number[] = [];
const deps = (owner: string) => ({
  storage: localStorage,
  now: () => t,
  random: () => 0.5,
  sleep: async (ms: number) => {
    waits.push(ms);
    t += ms;
  },
  owner,
});

beforeEach(() => {
  localStorage.clear();
  t = 1_000_000;
  waits.length = 0;
});

describe('acquireRefreshLock (spec 000 §4, §9)', () => {
  it('takes a free lock for 2 s and releases only its own', async () => {
    const release = await acquireRefreshLock(deps('a'));
    expect(JSON.parse(localStorage.getItem(STORAGE_KEYS.refreshLock)!)).toEqual({
      owner: 'a',
      until: t + 2_000,
    });
    release();
    expect(localStorage.getItem(STORAGE_KEYS.refreshLock)).toBeNull();
  });

  it('waits random times up to 500 ms while another tab holds it, then takes it when it expires', async () => {
    localStorage.setItem(STORAGE_KEYS.refreshLock, JSON.stringify({ owner: 'b', until: t + 600 }));
    await acquireRefreshLock(deps('a'));
    expect(waits).toEqual([250, 250, 250]);
    expect(JSON.parse(localStorage.getItem(STORAGE_KEYS.refreshLock)!).owner).toBe('a');
  });

  it('fails with the spec’s message after 5 waits', async () => {
    localStorage.setItem(STORAGE_KEYS.refreshLock, JSON.stringify({ owner: 'b', until: t + 60_000 }));
    await expect(acquireRefreshLock(deps('a'))).rejects.toThrow(REFRESH_LOCK_EXCEEDED_MESSAGE);
    expect(waits).toHaveLength(5);
    expect(REFRESH_LOCK_EXCEEDED_MESSAGE).toBe(
      'Max handleRefreshToken attempts exceeded: login token is still locked',
    );
  });
});

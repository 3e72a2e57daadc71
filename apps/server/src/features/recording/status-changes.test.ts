import type { Uidd } from '@vigil/contracts';
import { describe, expect, it } from 'vitest';
import { noticedStateOf, StatusDebounce } from './status-changes.ts';

const CAM = 'u1.cam' as Uidd;

/** The online/offline debounce (decision 0850), pure: sightings at given times in, changes out. */
describe('StatusDebounce', () => {
  it('settles silently first, then tells a change that lasted the debounce, once', () => {
    const d = new StatusDebounce(60_000);
    expect(d.observe(CAM, 'online', 0)).toBeUndefined();
    expect(d.observe(CAM, 'online', 60_000)).toBeUndefined();
    expect(d.settled(CAM)).toBe('online');
    expect(d.observe(CAM, 'offline', 100_000, 'no video')).toBeUndefined();
    expect(d.observe(CAM, 'offline', 159_999, 'unreachable')).toBeUndefined();
    expect(d.observe(CAM, 'offline', 160_000, 'unreachable')).toEqual({
      uidd: CAM,
      state: 'offline',
      since: 100_000,
      previousSince: 0,
      problem: 'unreachable',
      lastedMs: 60_000,
    });
    expect(d.observe(CAM, 'offline', 500_000)).toBeUndefined();
    expect(d.observe(CAM, 'online', 600_000)).toBeUndefined();
    expect(d.observe(CAM, 'online', 660_000)).toEqual({
      uidd: CAM,
      state: 'online',
      since: 600_000,
      previousSince: 100_000,
      problem: null,
      lastedMs: 60_000,
    });
  });

  it('tells nobody of a flap shorter than the debounce, nor of a spell broken by an unknown sighting', () => {
    const d = new StatusDebounce(60_000);
    d.observe(CAM, 'online', 0);
    d.observe(CAM, 'online', 60_000);
    expect(d.observe(CAM, 'offline', 70_000)).toBeUndefined();
    expect(d.observe(CAM, 'online', 129_000)).toBeUndefined();
    expect(d.observe(CAM, 'offline', 130_000)).toBeUndefined();
    expect(d.observe(CAM, undefined, 150_000)).toBeUndefined();
    expect(d.observe(CAM, 'offline', 189_000)).toBeUndefined();
    expect(d.settled(CAM)).toBe('online');
    d.retain(new Set());
    expect(d.settled(CAM)).toBeUndefined();
  });

  it('reads a report: live is online; starting and standby are unknown; other offline is offline', () => {
    expect(noticedStateOf({ state: 'live' })).toBe('online');
    expect(noticedStateOf({ state: 'starting', problem: 'starting' })).toBeUndefined();
    expect(noticedStateOf({ state: 'offline', problem: 'standby' })).toBeUndefined();
    expect(noticedStateOf({ state: 'error', problem: 'unreachable' })).toBe('offline');
    expect(noticedStateOf({ state: 'offline', problem: null })).toBe('offline');
    expect(noticedStateOf(undefined)).toBeUndefined();
  });
});

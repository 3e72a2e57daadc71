import { describe, expect, it } from 'vitest';
import { MediaMap } from '../timeline/media-map.ts';
import { leaderOf, type Member, nextRecorded, stepOf } from './sync.ts';

const T0 = Date.UTC(2026, 2, 10, 12);
/** A camera that recorded [from, to) seconds after T0, in one 4-second fragment per 4 s. */
const recorded = (...runs: Array<[number, number]>) => {
  const f: { start: number; duration: number; programDateTime: number | null }[] = [];
  let media = 0;
  for (const [from, to] of runs)
    for (let s = from; s < to; s += 4) {
      f.push({ start: media, duration: 4, programDateTime: s === from ? T0 + s * 1000 : null });
      media += 4;
    }
  return new MediaMap(f);
};
const member = (uidd: string, map: MediaMap | undefined, wallMs?: number): Member => ({ uidd, map, wallMs });

describe('multi-camera sync (decision 0767)', () => {
  const a = member('a', recorded([0, 40]), T0 + 10_000);
  const b = member('b', recorded([20, 60]), T0 + 30_000);

  it('the first camera with a recording at the clock leads; the next one where the first has none', () => {
    expect(leaderOf([a, b], T0 + 10_000)?.uidd).toBe('a');
    expect(leaderOf([a, b], T0 + 50_000)?.uidd).toBe('b');
    expect(leaderOf([a, b], T0 + 70_000)).toBeUndefined();
  });

  it('a follower far from the clock is sought to it; near it, left alone; with nothing there, it waits', () => {
    expect(stepOf(member('b', b.map, T0 + 30_000), T0 + 30_500)).toEqual({ kind: 'keep' });
    // b's media starts at its first recording (T0 + 20 s): the clock's T0 + 25 s is 5 s into it.
    expect(stepOf(member('b', b.map, T0 + 40_000), T0 + 25_000)).toEqual({ kind: 'seek', mediaSec: 5 });
    expect(stepOf(member('b', b.map, T0 + 40_000), T0 + 10_000)).toEqual({ kind: 'wait' });
    expect(stepOf(member('c', undefined), T0)).toEqual({ kind: 'keep' });
  });

  it('across a gap of every camera, the clock goes to the first recording after it', () => {
    const c = member('c', recorded([0, 8], [100, 120]));
    const d = member('d', recorded([0, 8], [80, 88]));
    expect(nextRecorded([c, d], T0 + 30_000)).toBe(T0 + 80_000);
    expect(nextRecorded([c, d], T0 + 200_000)).toBeUndefined();
  });
});

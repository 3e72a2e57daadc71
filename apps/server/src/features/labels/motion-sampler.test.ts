import type { Uidd } from '@vigil/contracts';
import type { Recognition } from '@vigil/recorder';
import { describe, expect, it } from 'vitest';
import { MotionSampler } from './motion-sampler.ts';

const UIDD = 'acc.cam' as Uidd;
const silentLog = { warn: () => {}, info: () => {}, error: () => {} } as never;

/**
 * The sampler's pace with a recogniser that takes `recogniseMs` a picture (the model stood in for: the pace is
 * the sampler's, not the model's): the times pictures were asked for, over `runMs` of motion.
 */
async function askTimes(o: { everyMs: number; recogniseMs: number; runMs: number }): Promise<number[]> {
  const asked: number[] = [];
  const sampler = new MotionSampler({
    cameras: { find: async () => ({ analytics_enabled: true, timezone_name: 'UTC' }) as never },
    recogniser: {
      recognise: () =>
        new Promise<Recognition>((resolve) =>
          setTimeout(
            () => resolve({ labels: [], detections: [], decodeMs: 0, inferMs: 0, loadMs: undefined }),
            o.recogniseMs,
          ),
        ),
    },
    picture: async () => {
      const atMs = Date.now();
      asked.push(atMs);
      return { jpeg: new Uint8Array(1), atMs };
    },
    wanted: async () => true,
    onPicture: async () => {},
    onQuiet: () => {},
    log: silentLog,
    everyMs: o.everyMs,
  });
  sampler.started({ id: 'e1', uidd: UIDD });
  await new Promise((r) => setTimeout(r, o.runMs));
  sampler.ended({ id: 'e1', uidd: UIDD });
  await sampler.idle();
  return asked;
}

const gaps = (times: number[]) => times.slice(1).map((t, i) => t - times[i]!);
const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)]!;

describe('the motion sampler (decisions 0794, 0884)', () => {
  it('asks for a picture every `everyMs` when the recogniser keeps up, never sooner', async () => {
    const times = await askTimes({ everyMs: 200, recogniseMs: 20, runMs: 2100 });
    expect(times.length).toBeGreaterThanOrEqual(5);
    // Timers fire late under load, never early (a millisecond of rounding allowed).
    for (const g of gaps(times)) expect(g).toBeGreaterThanOrEqual(199);
  }, 10_000);

  it('asks for the next picture as soon as a slow recogniser is done, not at the next whole tick', async () => {
    // 300 ms a picture and a tick of 200 ms: waiting for ticks looked at one picture every 400 ms.
    const times = await askTimes({ everyMs: 200, recogniseMs: 300, runMs: 3200 });
    expect(times.length).toBeGreaterThanOrEqual(6);
    for (const g of gaps(times)) expect(g).toBeGreaterThanOrEqual(299);
    expect(median(gaps(times))).toBeLessThan(380);
  }, 10_000);
});

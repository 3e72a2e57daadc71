import { execFileSync } from 'node:child_process';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { crossingX, type LoopParams, loopFilterGraph } from './encode-args.ts';

const W = 320;
const H = 180;
const PERSON = join(import.meta.dirname, 'assets', 'person.png');
const scene: LoopParams = {
  codec: 'h264',
  width: W,
  height: H,
  fps: 10,
  gopSec: 1,
  loopSec: 30,
  kbps: 500,
  motion: [[4, 24]],
  object: 'crossing',
};

/** The columns of the picture at `t` s where the scene differs from its still picture (t 1 s), found by ffmpeg. */
function objectColumns(t: number): { left: number; right: number } | null {
  const grey = (at: number) =>
    execFileSync('ffmpeg', [
      '-hide_banner',
      '-loglevel',
      'error',
      '-f',
      'lavfi',
      '-i',
      loopFilterGraph(scene, PERSON),
      '-vf',
      `select='eq(n,${Math.round(at * scene.fps)})',format=gray`,
      '-frames:v',
      '1',
      '-f',
      'rawvideo',
      '-',
    ]);
  const still = grey(1);
  const now = grey(t);
  const cols: number[] = [];
  for (let x = 0; x < W; x++) {
    let changed = 0;
    // The lower half, below the clock's text line: where the person stands.
    for (let y = H / 2; y < H; y++) if (Math.abs(now[y * W + x]! - still[y * W + x]!) > 40) changed++;
    if (changed > 8) cols.push(x);
  }
  return cols.length ? { left: cols[0]!, right: cols.at(-1)! } : null;
}

describe('the crossing scene (decision 0795)', () => {
  it('moves its x from just outside the left edge to just outside the right one in each motion interval', () => {
    expect(crossingX([[4, 24]])).toBe('between(t,4,24)*(-w+(W+w)*(t-4)/20)');
    expect(crossingX([])).toBe('0');
  });

  it('shows the person entering at the left, centred at the middle of the walk, leaving at the right', () => {
    // The picture drawn by real ffmpeg, read back as pixels: nothing outside the walk; at 14 s (the middle of
    // 4–24 s) the person's middle is at the picture's middle; early on only its right side shows at the left edge.
    expect(objectColumns(2)).toBe(null);
    const middle = objectColumns(14)!;
    expect(Math.abs((middle.left + middle.right) / 2 - W / 2)).toBeLessThanOrEqual(W * 0.03);
    const entering = objectColumns(5)!;
    expect(entering.left).toBe(0);
    expect(entering.right).toBeLessThan(W / 2);
    const leaving = objectColumns(23)!;
    expect(leaving.right).toBe(W - 1);
    expect(leaving.left).toBeGreaterThan(W / 2);
  }, 60_000);
});

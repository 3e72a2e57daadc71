import { describe, expect, it } from 'vitest';
import { MotionAnalyzer, motionScore, sensitivityParams } from './analyzer.ts';
import { zoneMask } from './zone-mask.ts';

const W = 160;
const H = 90;

/** A textured still scene with a little noise, a deterministic pseudo-random generator. */
function scene(seed = 1) {
  let s = seed;
  const rnd = () => {
    s = (s * 1103515245 + 12345) & 0x7fffffff;
    return s / 0x7fffffff;
  };
  const base = new Float32Array(W * H);
  for (let y = 0; y < H; y++)
    for (let x = 0; x < W; x++)
      base[y * W + x] = 70 + (x % 10 === 0 || y % 10 === 0 ? 25 : 0) + 10 * Math.sin(x / 13);
  return (edit: (x: number, y: number, v: number) => number = (_x, _y, v) => v): Uint8Array => {
    const f = new Uint8Array(W * H);
    for (let y = 0; y < H; y++)
      for (let x = 0; x < W; x++) {
        const v = edit(x, y, base[y * W + x]!) + (rnd() - 0.5) * 2;
        f[y * W + x] = Math.max(0, Math.min(255, Math.round(v)));
      }
    return f;
  };
}

const box =
  (x0: number, y0: number, w = 20, h = 15, value = 170) =>
  (x: number, y: number, v: number) =>
    x >= x0 && x < x0 + w && y >= y0 && y < y0 + h ? value : v;

function warm(a: MotionAnalyzer, frame: () => Uint8Array, n = 4) {
  for (let i = 0; i < n; i++) a.analyze(frame());
}

describe('motion analyzer', () => {
  it('sees an object move and scores it', () => {
    const pic = scene();
    const a = new MotionAnalyzer({ width: W, height: H, sensitivity: 5 });
    warm(a, () => pic());
    expect(a.analyze(pic()).moving).toBe(false);
    const r = a.analyze(pic(box(40, 30)));
    expect(r.moving).toBe(true);
    expect(r.fraction).toBeGreaterThan(0.015);
    expect(motionScore(r.fraction)).toBeGreaterThanOrEqual(2);
    expect(a.analyze(pic(box(60, 40))).moving).toBe(true);
  });

  it('ignores changes of light: a global step, a ramp, a soft spotlight, and noise', () => {
    const pic = scene(2);
    const a = new MotionAnalyzer({ width: W, height: H, sensitivity: 10 });
    warm(a, () => pic());
    expect(a.analyze(pic((_x, _y, v) => v * 1.3 + 10)).moving).toBe(false);
    for (let k = 1; k <= 5; k++) expect(a.analyze(pic((_x, _y, v) => v * (1 - 0.05 * k))).moving).toBe(false);
    const b = new MotionAnalyzer({ width: W, height: H, sensitivity: 10 });
    warm(b, () => pic());
    const spot = (x: number, y: number, v: number) =>
      v + 90 * Math.exp(-((x - 60) ** 2 + (y - 40) ** 2) / (2 * 25 ** 2));
    const lit = b.analyze(pic(spot));
    expect(lit.moving).toBe(false);
    const c = new MotionAnalyzer({ width: W, height: H, sensitivity: 5 });
    warm(c, () => pic());
    let seed = 7;
    const noisy = (_x: number, _y: number, v: number) => {
      seed = (seed * 48271) % 2147483647;
      return v + (seed / 2147483647 - 0.5) * 12;
    };
    for (let i = 0; i < 5; i++) expect(c.analyze(pic(noisy)).moving).toBe(false);
  });

  it('resets on a light switch (most of the picture changes at once)', () => {
    const pic = scene(3);
    const a = new MotionAnalyzer({ width: W, height: H, sensitivity: 5 });
    warm(a, () => pic());
    // Not a gain: an inverted picture (IR cut filter, a different scene).
    const r = a.analyze(pic((_x, _y, v) => 255 - v * 2));
    expect(r).toMatchObject({ moving: false, lightSwitch: true });
  });

  it('stops counting a change that stays put: the ghost of an object that was there at start, one that stopped', () => {
    const pic = scene(5);
    const a = new MotionAnalyzer({ width: W, height: H, sensitivity: 5 });
    // The first pictures hold an object that then leaves: its ghost is in the background.
    warm(a, () => pic(box(40, 30)), 2);
    const after = Array.from({ length: 6 }, () => a.analyze(pic()).moving);
    expect(after.slice(3)).toEqual([false, false, false]);
    // An object that arrives and stops.
    const b = new MotionAnalyzer({ width: W, height: H, sensitivity: 5 });
    warm(b, () => pic());
    const parked = Array.from({ length: 7 }, () => b.analyze(pic(box(80, 50))).moving);
    expect(parked[0]).toBe(true);
    expect(parked.slice(4)).toEqual([false, false, false]);
  });

  it('counts only the detection zones', () => {
    const pic = scene(4);
    const left = zoneMask(W, H, [
      {
        points: [
          [0, 0],
          [0.5, 0],
          [0.5, 1],
          [0, 1],
        ],
      },
    ]);
    const a = new MotionAnalyzer({ width: W, height: H, sensitivity: 5, mask: left });
    warm(a, () => pic());
    expect(a.analyze(pic(box(110, 40))).moving).toBe(false);
    expect(a.analyze(pic(box(20, 40))).moving).toBe(true);
  });

  it('maps sensitivity 1..10 to thresholds that fall as it rises', () => {
    const ps = [1, 5, 10].map(sensitivityParams);
    expect(ps[0]!.minFraction).toBeCloseTo(0.03, 3);
    expect(ps[2]!.minFraction).toBeCloseTo(0.001, 4);
    expect(ps[0]!.floor).toBeGreaterThan(ps[1]!.floor);
    expect(ps[1]!.floor).toBeGreaterThan(ps[2]!.floor);
    expect(motionScore(0)).toBe(0);
    expect(motionScore(0.25)).toBe(10);
    expect(motionScore(0.9)).toBe(10);
  });
});

import { execFileSync } from 'node:child_process';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { type LoopParams, loopFilterGraph } from './encode-args.ts';
import { WALKING_SCHEDULE, walkingMotion, walkingTimes, walkX } from './walking-scene.ts';

const W = 320;
const H = 180;
const PERSON = join(import.meta.dirname, 'assets', 'person.png');
const scene: LoopParams = {
  codec: 'h264',
  width: W,
  height: H,
  fps: 10,
  gopSec: 1,
  loopSec: 60,
  kbps: 500,
  motion: walkingMotion(WALKING_SCHEDULE),
  object: 'walking',
  walks: WALKING_SCHEDULE,
};

/** The grey picture of the scene at `t` s, drawn by real ffmpeg. */
function grey(t: number): Buffer {
  return execFileSync('ffmpeg', [
    '-hide_banner',
    '-loglevel',
    'error',
    '-f',
    'lavfi',
    '-i',
    loopFilterGraph(scene, PERSON),
    '-vf',
    `select='eq(n,${Math.round(t * scene.fps)})',format=gray`,
    '-frames:v',
    '1',
    '-f',
    'rawvideo',
    '-',
  ]);
}

// Nobody walks at 0.5 s: the still picture the others are compared with.
let stillPicture: Buffer | undefined;
const still = () => {
  stillPicture ??= grey(0.5);
  return stillPicture;
};

/** Which pixels differ from the still picture (clearly more than the sensor noise): where people are. */
function changed(t: number): boolean[] {
  const now = grey(t);
  const base = still();
  return Array.from({ length: W * H }, (_, i) => Math.abs(now[i]! - base[i]!) > 40);
}

/** The box around the changed pixels below the clock's text line (rows and columns with more than 8 of them). */
function personBox(mask: boolean[]): { left: number; right: number; top: number; bottom: number } | null {
  const cols: number[] = [];
  const rows: number[] = [];
  for (let x = 0; x < W; x++) {
    let n = 0;
    for (let y = 40; y < H; y++) if (mask[y * W + x]) n++;
    if (n > 8) cols.push(x);
  }
  for (let y = 40; y < H; y++) {
    let n = 0;
    for (let x = 0; x < W; x++) if (mask[y * W + x]) n++;
    if (n > 8) rows.push(y);
  }
  if (!cols.length) return null;
  return { left: cols[0]!, right: cols.at(-1)!, top: rows[0]!, bottom: rows.at(-1)! };
}

describe('the walking scene (decision 0884)', () => {
  it('is a schedule of walks both ways, at several speeds and sizes, two at once at times', () => {
    expect(WALKING_SCHEDULE.filter((w) => w.direction === 'ltr')).toHaveLength(4);
    expect(WALKING_SCHEDULE.filter((w) => w.direction === 'rtl')).toHaveLength(4);
    expect(new Set(WALKING_SCHEDULE.map((w) => w.duration)).size).toBeGreaterThanOrEqual(3);
    expect(new Set(WALKING_SCHEDULE.map((w) => w.height)).size).toBeGreaterThanOrEqual(3);
    expect(walkX(WALKING_SCHEDULE[1]!)).toBe('W-(W+w)*(t-10)/6');
    expect(walkX(WALKING_SCHEDULE[0]!)).toBe('-w+(W+w)*(t-2)/6');
    expect(walkingMotion(WALKING_SCHEDULE.slice(0, 2))).toEqual([
      [2, 8],
      [10, 16],
    ]);
  });

  it('places the walks of each run of the stream at wall-clock times, whole ones only', () => {
    const runs = [{ startedAt: 1_000_000 }];
    const walks = walkingTimes(runs, 1_000_000, 1_000_000 + 70_000);
    // One loop's 8 walks, then the next loop's first (62–68 s); its second (70–76 s) is cut by the window.
    expect(walks.map((w) => w.startMs - 1_000_000)).toEqual([
      2000, 10_000, 18_000, 24_000, 36_000, 37_000, 48_000, 49_000, 62_000,
    ]);
    expect(walks[1]).toMatchObject({ direction: 'rtl', endMs: 1_016_000 });
  });

  it('draws a right-to-left walker entering at the right, centred at mid-walk, leaving at the left', () => {
    // Walk 2: right to left from 10 s to 16 s, 60 % of the picture high, feet at 95 %: read back as pixels.
    expect(personBox(changed(9))).toBe(null);
    const entering = personBox(changed(10.5))!;
    expect(entering.right).toBe(W - 1);
    expect(entering.left).toBeGreaterThan(W / 2);
    const middle = personBox(changed(13))!;
    expect(Math.abs((middle.left + middle.right) / 2 - W / 2)).toBeLessThanOrEqual(W * 0.03);
    expect(Math.abs(middle.bottom - 0.95 * H)).toBeLessThanOrEqual(3);
    expect(Math.abs(middle.bottom - middle.top - 0.6 * H)).toBeLessThanOrEqual(0.1 * H);
    const leaving = personBox(changed(15.5))!;
    expect(leaving.left).toBe(0);
    expect(leaving.right).toBeLessThan(W / 2);
  }, 120_000);

  it('mirrors the photograph for right to left: the same pixels as the left-to-right walker, flipped', () => {
    // Walks 1 and 2 are alike but for the direction; each is centred half-way (5 s and 13 s).
    const ltr = changed(5);
    const rtl = changed(13);
    let both = 0;
    let either = 0;
    for (let y = 40; y < H; y++)
      for (let x = 0; x < W; x++) {
        const a = ltr[y * W + (W - 1 - x)]!;
        const b = rtl[y * W + x]!;
        if (a && b) both++;
        if (a || b) either++;
      }
    expect(either).toBeGreaterThan(1000);
    expect(both / either).toBeGreaterThan(0.8);
    // Not trivially so: unflipped, the two differ more (the photograph is not symmetric).
    let same = 0;
    let any = 0;
    for (let i = 40 * W; i < W * H; i++) {
      if (ltr[i] && rtl[i]) same++;
      if (ltr[i] || rtl[i]) any++;
    }
    expect(same / any).toBeLessThan(both / either);
  }, 120_000);

  it('draws two people at once, one above the other, when two walks overlap', () => {
    // 40.5 s: walk 5 (left to right, feet at 97 %) and walk 6 (right to left, feet at 60 %) are both in the picture.
    const mask = changed(40.5);
    const rowsWith = (from: number, to: number) => {
      let n = 0;
      for (let y = Math.round(from * H); y < Math.round(to * H); y++)
        for (let x = 0; x < W; x++) if (mask[y * W + x]) n++;
      return n;
    };
    // Above walk 5's head (97 % − 50 %) only walk 6 is; below walk 6's feet (60 %) only walk 5.
    expect(rowsWith(0.25, 0.45)).toBeGreaterThan(200);
    expect(rowsWith(0.62, 0.95)).toBeGreaterThan(200);
  }, 120_000);
});

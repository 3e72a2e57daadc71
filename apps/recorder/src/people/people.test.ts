import { describe, expect, it } from 'vitest';
import { crossings } from './line-crossing.ts';
import { type Box, Tracker } from './tracker.ts';

// A person's box: 80 × 160 px; walking 40 px a picture moves it half its width (a few pictures a second).
const person = (x: number, y: number): Box => ({ x1: x - 40, y1: y - 80, x2: x + 40, y2: y + 80 });

describe('people counting', () => {
  it('keeps one track per person walking across, through a missed picture and past another person', () => {
    const tracker = new Tracker();
    // A walks right, B walks left, they pass at x 300; A is not detected at picture 4.
    for (let i = 0; i < 12; i++) {
      const a = person(100 + i * 40, 200);
      const b = person(540 - i * 40, 360);
      tracker.update(i === 4 ? [b] : [a, b], i * 200);
    }
    const tracks = tracker.update([], 2400);
    expect(tracks.map((t) => [t.id, t.hits])).toEqual([
      [1, 11],
      [2, 12],
    ]);
    expect(tracker.takeEnded()).toEqual([]);
  });

  it('counts crossings of a vertical line in each direction on the segment only', () => {
    const line = { a: { x: 300, y: 0 }, b: { x: 300, y: 480 } };
    const walk = (from: number, to: number, y: number) =>
      Array.from({ length: 11 }, (_, i) => ({ x: from + ((to - from) * i) / 10, y, t: i }));
    // Walking a→b (downward), left hand is +x in picture coordinates (y down): coming from x > 300 is "in".
    // The centre lands on the line at t 5; a point on the line counts on the side it came from here: crossed at 6.
    expect(crossings(line, walk(500, 100, 240))).toEqual([{ direction: 'in', t: 6 }]);
    expect(crossings(line, walk(100, 500, 240))).toEqual([{ direction: 'out', t: 5 }]);
    // Below the segment's end: not a crossing.
    expect(crossings(line, walk(100, 500, 600))).toEqual([]);
    // Back and forth: in, then out.
    const wobble = [
      { x: 320, y: 100, t: 0 },
      { x: 280, y: 100, t: 1 },
      { x: 320, y: 100, t: 2 },
    ];
    expect(crossings(line, wobble).map((c) => c.direction)).toEqual(['in', 'out']);
  });

  it('counts a walking scene: tracks from noisy detections, then their crossings', () => {
    const tracker = new Tracker();
    const line = { a: { x: 320, y: 0 }, b: { x: 320, y: 480 } };
    const ended: { id: number; path: { x: number; y: number; t: number }[] }[] = [];
    // Three people left to right at different heights and start times, one right to left; detections jitter.
    // Crossings are of where each stands (the box's bottom middle): the lowest walker's feet at y 460-463.
    const walkers = [
      { start: 0, x0: 60, dx: 30, y: 150 },
      { start: 5, x0: 60, dx: 25, y: 300 },
      { start: 10, x0: 600, dx: -35, y: 220 },
      { start: 14, x0: 60, dx: 40, y: 380 },
    ];
    for (let f = 0; f < 40; f++) {
      const dets = walkers
        .filter((w) => f >= w.start && f < w.start + 20)
        .map((w, i) => person(w.x0 + w.dx * (f - w.start) + ((f * 7 + i * 3) % 5) - 2, w.y + ((f * 3) % 4)));
      tracker.update(dets, f * 200);
      ended.push(...tracker.takeEnded());
    }
    for (let f = 40; f < 45; f++) {
      tracker.update([], f * 200);
      ended.push(...tracker.takeEnded());
    }
    const all = ended.flatMap((t) => crossings(line, t.path));
    expect(all.filter((c) => c.direction === 'out')).toHaveLength(3);
    expect(all.filter((c) => c.direction === 'in')).toHaveLength(1);
    expect(ended).toHaveLength(4);
  });

  it('follows a walker further between pictures than IoU can by the nearest centre (pictures a second apart)', () => {
    // 70 px a picture with an 80 px wide box: the first step's IoU is 10/150, below 0.2.
    const walk = (tracker: Tracker) => {
      for (let i = 0; i < 8; i++) tracker.update([person(100 + i * 70, 200), person(700, 420)], i * 1000);
      const live = tracker.update([], 8000).map((t) => [t.id, t.hits]);
      return [...tracker.takeEnded().map((t) => [t.id, t.hits]), ...live];
    };
    expect(walk(new Tracker())).toEqual([
      [1, 8],
      [2, 8],
    ]);
    // By IoU alone a new track has no speed to predict with: each picture of the walker starts another track.
    expect(walk(new Tracker({ maxCentreSizes: 0 })).length).toBe(9);
  });
});

describe('tracks that walk out between pictures (decision 0890)', () => {
  const frame = { x1: 0, y1: 0, x2: 640, y2: 480 };
  const line = { a: { x: 320, y: 0 }, b: { x: 320, y: 480 } };

  it('ends a track predicted out of the picture with that predicted place, whose step crosses the line', () => {
    const tracker = new Tracker({ frame });
    // Seen twice left of the line, 150 px a second to the right; 4 s later it would be at x 830, out of the picture.
    tracker.update([person(100, 300)], 0);
    tracker.update([person(250, 300)], 1000);
    const [walked] = tracker.finish(5000);
    expect(walked!.path.at(-1)).toEqual({ x: 850, y: 380, t: 5000, predicted: true });
    expect(crossings(line, walked!.path.slice(-2))).toEqual([{ direction: 'out', t: 5000 }]);
  });

  it('keeps, and counts nothing for, a slow one still predicted inside', () => {
    const tracker = new Tracker({ frame });
    tracker.update([person(250, 300)], 0);
    tracker.update([person(260, 300)], 1000);
    expect(tracker.finish(5000)).toEqual([]);
  });

  it('does not give a track seen once, long unseen, to someone entering from the other side', () => {
    const tracker = new Tracker({ frame });
    tracker.update([person(200, 300)], 0);
    // 4.5 s later someone of the same size 300 px away (within two box sizes): a new track, not the old one.
    const live = tracker.update([person(500, 300)], 4500);
    expect(live.map((t) => [t.id, t.hits])).toEqual([[2, 1]]);
  });
});

import { describe, expect, it } from 'vitest';
import { PtzModel } from './ptz-model.ts';

describe('PtzModel', () => {
  it('moves at its velocity until stopped, within the range', () => {
    const m = new PtzModel();
    m.continuous({ pan: 0.5, tilt: 0, zoom: 0 }, 1000);
    expect(m.moving(1200)).toBe(true);
    expect(m.position(1400).pan).toBeCloseTo(0.2);
    m.stop(1400);
    expect(m.position(5000)).toEqual({ pan: expect.closeTo(0.2), tilt: 0, zoom: 0 });
    expect(m.moving(5000)).toBe(false);
    m.continuous({ pan: 0, tilt: -1, zoom: -1 }, 5000);
    expect(m.position(9000)).toEqual({ pan: expect.closeTo(0.2), tilt: -1, zoom: 0 });
    expect(m.moving(9000)).toBe(false);
  });

  it('stops by itself after a move’s timeout; relative and absolute moves are clamped', () => {
    const m = new PtzModel();
    m.continuous({ pan: 0, tilt: 1, zoom: 0 }, 0, 300);
    expect(m.position(10_000).tilt).toBeCloseTo(0.3);
    m.relative({ pan: -2, tilt: 0, zoom: 0.5 }, 10_000);
    expect(m.position(10_000)).toEqual({ pan: -1, tilt: expect.closeTo(0.3), zoom: 0.5 });
    m.absolute({ pan: 0, tilt: 0, zoom: 2 }, 10_000);
    expect(m.position(10_000)).toEqual({ pan: 0, tilt: 0, zoom: 1 });
  });
});

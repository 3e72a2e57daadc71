import { describe, expect, it } from 'vitest';
import { INITIAL_VIEW, swipeDirection, viewerKey, zoomed } from './gestures.ts';

describe('media gestures (spec 001 §2)', () => {
  it('counts a swipe from 50 px, horizontal only', () => {
    expect(swipeDirection(-49, 0)).toBeNull();
    expect(swipeDirection(-50, 0)).toBe('next');
    expect(swipeDirection(60, 10)).toBe('previous');
    expect(swipeDirection(60, 80)).toBeNull();
  });
  it('zooms with + and -, pans by 40 px only when zoomed, rotates by 90', () => {
    expect(viewerKey(INITIAL_VIEW, 'ArrowLeft')).toBeNull();
    const z = viewerKey(INITIAL_VIEW, '+')!;
    expect(z.zoom).toBe(1.5);
    expect(viewerKey(z, 'ArrowLeft')).toMatchObject({ x: 40 });
    expect(viewerKey(z, 'ArrowDown')).toMatchObject({ y: -40 });
    expect(viewerKey(viewerKey(INITIAL_VIEW, 'r')!, 'r')!.rotation).toBe(180);
    expect(zoomed({ ...z, x: 40 }, -1)).toMatchObject({ zoom: 1, x: 0 });
    expect(zoomed(INITIAL_VIEW, 100).zoom).toBe(4);
  });
});

import type { EventItem } from '@vigil/contracts';
import { describe, expect, it } from 'vitest';
import {
  clipUrl,
  dayBounds,
  durationText,
  isOngoing,
  isoDate,
  normaliseRange,
  percentText,
  scoreOf,
  shownLabels,
} from './model.ts';

describe('events model', () => {
  it('gives a day from 00:00 to 23:59 local time and keeps ranges in order and short', () => {
    const { start, end } = dayBounds('2026-11-20');
    expect(new Date(start).getHours()).toBe(0);
    expect(new Date(end).getHours()).toBe(23);
    expect(new Date(end).getMinutes()).toBe(59);
    expect(isoDate(start)).toBe('2026-11-20');
    expect(normaliseRange('2026-11-20', '2026-11-18')).toEqual({ from: '2026-11-18', to: '2026-11-18' });
    expect(normaliseRange('2026-01-01', '2026-11-18').from).toBe('2026-10-18');
  });

  it('reads 0a as 10, formats durations, builds the clip URL with pre- and post-roll', () => {
    expect(scoreOf({ motionScore: '0a' })).toBe(10);
    expect(durationText(75)).toBe('1m 15s');
    expect(durationText(9)).toBe('9s');
    const e = {
      uid: 'u',
      deviceId: 'd',
      startTime: 100_000,
      endTime: 112_000,
      logger: null,
    } as unknown as EventItem;
    expect(clipUrl(e, 'tok')).toBe('/stream/mp4/u/d/95/117/tok?inputStream=true&ignoreMvhd=true');
    expect(clipUrl(e, undefined)).toBeUndefined();
  });
});

describe('labels and ongoing events (decision 0556)', () => {
  it('says ongoing only when the server says so, not for an event that ended within a second', () => {
    expect(isOngoing({ ongoing: true })).toBe(true);
    expect(isOngoing({ ongoing: false })).toBe(false);
    // An older server, or an event from before: ended.
    expect(isOngoing({})).toBe(false);
  });

  it('shows the list’s names at once, then the confidences, highest first', () => {
    expect(shownLabels(undefined, undefined)).toEqual([]);
    expect(shownLabels([], [])).toEqual([]);
    expect(shownLabels(['person', 'car'], undefined)).toEqual([
      { label: 'person', confidence: undefined },
      { label: 'car', confidence: undefined },
    ]);
    expect(
      shownLabels(
        ['person', 'car'],
        [
          { label: 'car', confidence: 0.41 },
          { label: 'person', confidence: 0.87 },
          { label: 'dog', confidence: 0.87 },
        ],
      ),
    ).toEqual([
      { label: 'dog', confidence: 0.87 },
      { label: 'person', confidence: 0.87 },
      { label: 'car', confidence: 0.41 },
    ]);
    // Labels stored after the preview asked: the list's new name keeps its place, without a confidence yet.
    expect(shownLabels(['person'], [])).toEqual([{ label: 'person', confidence: undefined }]);
  });

  it('writes confidences as whole percentages in the language’s way', () => {
    expect(percentText(0.874, 'en')).toBe('87%');
    // A no-break space before %, narrow or not as the ICU version has it.
    expect(percentText(0.874, 'fr')).toMatch(/^87[\u00a0\u202f]%$/);
    expect(percentText(1, 'en')).toBe('100%');
  });
});

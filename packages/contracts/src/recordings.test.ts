import { describe, expect, it } from 'vitest';
import { clipFilename, durationLabel, sanitiseFilename } from './recordings.ts';

describe('download filenames (spec 001 §5)', () => {
  it('turns colon and slash into -, tab into a space, and removes <>"?|*', () => {
    expect(sanitiseFilename('a:b/c\td<e>f"g?h|i*j')).toBe('a-b-c defghij');
  });

  it('names a clip from camera, local date and time, time zone and duration', () => {
    const start = Date.UTC(2026, 10, 21, 13, 5, 30);
    expect(
      clipFilename({ name: 'Front door', startMs: start, durationSec: 600, timeZone: 'Europe/London' }),
    ).toBe('Front door 2026-11-21 13-05 Europe-London 10m.mp4');
    expect(
      clipFilename({
        name: 'Yard: "North"?',
        startMs: start,
        durationSec: 3725,
        timeZone: 'America/New_York',
      }),
    ).toBe('Yard- North 2026-11-21 08-05 America-New_York 1h02m.mp4');
  });

  it('labels durations', () => {
    expect([durationLabel(45), durationLabel(90), durationLabel(600), durationLabel(7200)]).toEqual([
      '45s',
      '1m30s',
      '10m',
      '2h00m',
    ]);
  });
});

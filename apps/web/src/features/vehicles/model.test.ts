import { describe, expect, it } from 'vitest';
import { countRows, csvField, dayRange, sightingsCsv } from './model.ts';

describe('vehicles model', () => {
  it('writes the plate log as CSV, quoting what needs it and defusing formulas', () => {
    expect(csvField('a,b')).toBe('"a,b"');
    expect(csvField('say "hi"')).toBe('"say ""hi"""');
    expect(csvField('=HYPERLINK("x")')).toBe('"\'=HYPERLINK(""x"")"');
    expect(csvField(null)).toBe('');
    const csv = sightingsCsv(
      [
        {
          id: 's1',
          uidd: 'u.cam',
          licencePlate: 'AB12CDE',
          licencePlateRegion: 'GB',
          firstSeen: Date.UTC(2026, 10, 24, 9, 30, 0),
          lastSeen: Date.UTC(2026, 10, 24, 9, 31, 0),
          location: 'rear',
          colour: 'red',
          confidence: 0.973,
          eventIds: ['e1', 'e2'],
        },
      ],
      () => 'Gate, north',
    );
    expect(csv).toBe(
      'plate,region,camera,first_seen_utc,last_seen_utc,location,colour,confidence,events\r\n' +
        'AB12CDE,GB,"Gate, north",2026-11-24T09:30:00.000Z,2026-11-24T09:31:00.000Z,rear,red,0.97,e1 e2\r\n',
    );
  });

  it('counts vehicles per camera by hour of one day and by day', () => {
    const range = dayRange('2026-11-23', '2026-11-24');
    const at = (d: number, h: number) => new Date(2026, 10, d, h, 0, 0).getTime();
    const names = new Map([
      ['u.a', 'Gate'],
      ['u.b', 'Yard'],
    ]);
    const counts = [
      { uidd: 'u.a', hourStart: at(23, 8), count: 2 },
      { uidd: 'u.a', hourStart: at(24, 8), count: 1 },
      { uidd: 'u.b', hourStart: at(24, 17), count: 4 },
    ];
    expect(countRows(counts, 'day', range, names)).toEqual([
      { label: '2026-11-23', Gate: 2, Yard: 0 },
      { label: '2026-11-24', Gate: 1, Yard: 4 },
    ]);
    const hours = countRows(counts, 'hour', range, names);
    expect(hours).toHaveLength(24);
    expect(hours[8]).toEqual({ label: '08:00', Gate: 3, Yard: 0 });
    expect(hours[17]).toEqual({ label: '17:00', Gate: 0, Yard: 4 });
  });
});

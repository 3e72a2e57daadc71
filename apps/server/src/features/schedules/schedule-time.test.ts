import { describe, expect, it } from 'vitest';
import { actionAt, localWeekMinute, passedAction, type WeeklyEntry } from './schedule-time.ts';

/** Ticks a camera's clock through fixed instants (UTC) and collects what its schedule fired at each. */
function run(entries: WeeklyEntry[], tz: string, instants: string[]): Array<string | null> {
  let prev = localWeekMinute(Date.parse(instants[0]!), tz);
  return instants.slice(1).map((iso) => {
    const r = passedAction(entries, prev, localWeekMinute(Date.parse(iso), tz));
    prev = r.next;
    return r.action;
  });
}

describe('recording schedules on the camera’s wall clock', () => {
  it('places instants in the local week (Sunday 0)', () => {
    // Sunday 2026-11-22 09:00 in London (GMT) and 04:00 in New York (EST).
    expect(localWeekMinute(Date.parse('2026-11-22T09:00:00Z'), 'Europe/London')).toBe(9 * 60);
    expect(localWeekMinute(Date.parse('2026-11-22T09:00:00Z'), 'America/New_York')).toBe(4 * 60);
    // Saturday 23:30 in New York is Sunday 04:30 UTC.
    expect(localWeekMinute(Date.parse('2026-11-22T04:30:00Z'), 'America/New_York')).toBe(
      6 * 1440 + 23 * 60 + 30,
    );
  });

  it('fires an entry once, in the tick that passes it, and wraps round the week', () => {
    const entries: WeeklyEntry[] = [
      { day_of_week: 1, local_time: '09:00', action: 'off' },
      { day_of_week: 0, local_time: '00:00', action: 'on' },
    ];
    // Monday 2026-11-23 in UTC.
    expect(
      run(entries, 'UTC', [
        '2026-11-23T08:59:59Z',
        '2026-11-23T09:00:00Z',
        '2026-11-23T09:00:01Z',
        '2026-11-23T09:01:00Z',
      ]),
    ).toEqual(['off', null, null]);
    // Saturday 23:59 → Sunday 00:00.
    expect(run(entries, 'UTC', ['2026-11-28T23:59:00Z', '2026-11-29T00:00:00Z'])).toEqual(['on']);
  });

  it('London: an entry in the hour skipped in spring fires at the jump; one in the repeated hour fires once', () => {
    const spring: WeeklyEntry[] = [{ day_of_week: 0, local_time: '01:30', action: 'off' }];
    // 2026-03-29 01:00 UTC: 01:00 GMT becomes 02:00 BST.
    expect(
      run(spring, 'Europe/London', ['2026-03-29T00:59:59Z', '2026-03-29T01:00:00Z', '2026-03-29T01:30:00Z']),
    ).toEqual(['off', null]);
    const autumn: WeeklyEntry[] = [{ day_of_week: 0, local_time: '01:30', action: 'on' }];
    // 2026-10-25 01:00 UTC: 02:00 BST becomes 01:00 GMT; 01:30 local happens at 00:30 and at 01:30 UTC.
    expect(
      run(autumn, 'Europe/London', [
        '2026-10-25T00:29:00Z',
        '2026-10-25T00:31:00Z',
        '2026-10-25T00:59:00Z',
        '2026-10-25T01:00:00Z',
        '2026-10-25T01:29:00Z',
        '2026-10-25T01:31:00Z',
        '2026-10-25T02:00:00Z',
      ]),
    ).toEqual(['on', null, null, null, null, null]);
  });

  it('New York: the same on its own dates', () => {
    const spring: WeeklyEntry[] = [{ day_of_week: 0, local_time: '02:15', action: 'off' }];
    // 2026-03-08 07:00 UTC: 02:00 EST becomes 03:00 EDT.
    expect(run(spring, 'America/New_York', ['2026-03-08T06:59:00Z', '2026-03-08T07:00:30Z'])).toEqual([
      'off',
    ]);
    const autumn: WeeklyEntry[] = [{ day_of_week: 0, local_time: '01:45', action: 'off' }];
    // 2026-11-01 06:00 UTC: 02:00 EDT becomes 01:00 EST; 01:45 local at 05:45 and 06:45 UTC.
    expect(
      run(autumn, 'America/New_York', [
        '2026-11-01T05:44:00Z',
        '2026-11-01T05:46:00Z',
        '2026-11-01T06:00:00Z',
        '2026-11-01T06:44:00Z',
        '2026-11-01T06:46:00Z',
        '2026-11-01T07:30:00Z',
      ]),
    ).toEqual(['off', null, null, null, null]);
  });
});

describe('what a schedule says at a point of the week (notifications, decision 0710)', () => {
  const entries: WeeklyEntry[] = [
    { day_of_week: 1, local_time: '22:00', action: 'off' },
    { day_of_week: 2, local_time: '07:00', action: 'on' },
  ];
  it('takes the last entry at or before it, going back round the week', () => {
    const at = (day: number, hh: number, mm = 0) => actionAt(entries, day * 1440 + hh * 60 + mm);
    expect([at(1, 21, 59), at(1, 22), at(2, 3), at(2, 6, 59), at(2, 7), at(0, 12)]).toEqual([
      'on',
      'off',
      'off',
      'off',
      'on',
      'on',
    ]);
    expect(actionAt([], 100)).toBeNull();
    // Only an 'off' entry: off from it round the whole week.
    expect(actionAt([{ day_of_week: 3, local_time: '00:00', action: 'off' }], 0)).toBe('off');
  });

  it('reads the camera’s wall clock: quiet from 22:00 in New York is 03:00 UTC', () => {
    // Monday 2026-11-23 22:30 in New York (EST) = Tuesday 03:30 UTC.
    expect(actionAt(entries, localWeekMinute(Date.parse('2026-11-24T03:30:00Z'), 'America/New_York'))).toBe(
      'off',
    );
    expect(actionAt(entries, localWeekMinute(Date.parse('2026-11-24T03:30:00Z'), 'UTC'))).toBe('off');
    // 02:30 UTC Tuesday = 21:30 Monday in New York: still on there.
    expect(actionAt(entries, localWeekMinute(Date.parse('2026-11-24T02:30:00Z'), 'America/New_York'))).toBe(
      'on',
    );
  });
});

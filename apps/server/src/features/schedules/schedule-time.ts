import type { ScheduleAction } from '@vigil/contracts';

/** Minutes in a week; a point of the week is day_of_week * 1440 + minutes since local midnight. */
const WEEK_MIN = 7 * 1440;

export interface WeeklyEntry {
  day_of_week: number;
  local_time: string;
  action: ScheduleAction;
}

/** Where `ms` falls in the week of the zone's wall clock: day 0 Sunday, minute of the day. */
export function localWeekMinute(ms: number, timeZone: string): number {
  const parts = Object.fromEntries(
    new Intl.DateTimeFormat('en-US', {
      timeZone,
      weekday: 'short',
      hour: '2-digit',
      minute: '2-digit',
      hourCycle: 'h23',
    })
      .formatToParts(ms)
      .map((p) => [p.type, p.value]),
  );
  const day = ['Sun', 'Mon', 'Tue', 'Wed', 'Thu', 'Fri', 'Sat'].indexOf(parts.weekday ?? '');
  return day * 1440 + Number(parts.hour) * 60 + Number(parts.minute);
}

const weekMinuteOf = (e: Pick<WeeklyEntry, 'day_of_week' | 'local_time'>): number => {
  const [h, m] = e.local_time.split(':').map(Number) as [number, number];
  return e.day_of_week * 1440 + h * 60 + m;
};

/** How far back the wall clock may move between two ticks and be taken for a daylight-saving change. */
const BACKWARDS_MAX_MIN = 180;

/**
 * The action of the entries the wall clock passed between two ticks (decision 0702), or null. `prev` and `now` are
 * week minutes in the camera's zone (localWeekMinute). Wall-clock based, so it stays right over daylight-saving
 * changes: an entry in the hour skipped in spring fires when the clock jumps past it; when the clock goes back in
 * autumn, nothing fires until it passes where it was, so the repeated hour's entries fire once. Of several entries
 * passed, the last wins.
 */
export function passedAction(
  entries: readonly WeeklyEntry[],
  prev: number,
  now: number,
): { action: ScheduleAction | null; next: number } {
  const delta = (now - prev + WEEK_MIN) % WEEK_MIN;
  if (delta === 0 || delta > WEEK_MIN - BACKWARDS_MAX_MIN) return { action: null, next: prev };
  let best: WeeklyEntry | undefined;
  let bestAt = 0;
  for (const e of entries) {
    const at = (weekMinuteOf(e) - prev + WEEK_MIN) % WEEK_MIN;
    if (at > 0 && at <= delta && at >= bestAt) {
      bestAt = at;
      best = e;
    }
  }
  return { action: best?.action ?? null, next: now };
}

/**
 * What a weekly schedule says at a point of the week (decision 0702's week grid, used to gate notifications,
 * decision 0710): the action of the last entry at or before it, going back round the week; null with no entries
 * (no schedule: always on).
 */
export function actionAt(entries: readonly WeeklyEntry[], weekMinute: number): ScheduleAction | null {
  let best: WeeklyEntry | undefined;
  let bestBack = WEEK_MIN;
  for (const e of entries) {
    const back = (weekMinute - weekMinuteOf(e) + WEEK_MIN) % WEEK_MIN;
    if (back < bestBack) {
      bestBack = back;
      best = e;
    }
  }
  return best?.action ?? null;
}

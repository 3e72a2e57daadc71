import type { ScheduleAction } from '@vigil/contracts';

/** Recording on (true) or off per day (0 Sunday … 6 Saturday) and hour of the camera's week. */
export type WeekGrid = boolean[][];

interface Entry {
  day_of_week: number;
  local_time: string;
  action: ScheduleAction;
}

const WEEK_MIN = 7 * 1440;
const minuteOf = (e: Entry): number => {
  const [h, m] = e.local_time.split(':').map(Number) as [number, number];
  return e.day_of_week * 1440 + h * 60 + m;
};

/**
 * The week as the recording entries leave it, hour by hour: each hour takes the action of the last entry at or
 * before its start, going back round the week; without entries recording is on all week.
 */
export function gridOf(entries: readonly Entry[]): WeekGrid {
  return Array.from({ length: 7 }, (_, d) =>
    Array.from({ length: 24 }, (_, h) => {
      const at = d * 1440 + h * 60;
      let best: Entry | undefined;
      let bestAgo = Number.POSITIVE_INFINITY;
      for (const e of entries) {
        const ago = (at - minuteOf(e) + WEEK_MIN) % WEEK_MIN;
        if (ago < bestAgo) {
          bestAgo = ago;
          best = e;
        }
      }
      return best ? best.action === 'on' : true;
    }),
  );
}

/**
 * The entries that make a painted week: one at each hour where recording changes (going round the week), grouped by
 * time and action with their days. A week all on or all off needs no change point: all on is no entries; all off
 * is one "off" entry, on Sunday at 00:00.
 */
export function entriesOf(
  grid: WeekGrid,
): Array<{ localTime: string; action: ScheduleAction; days: number[] }> {
  const flat = grid.flat();
  if (flat.every(Boolean)) return [];
  if (!flat.some(Boolean)) return [{ localTime: '00:00', action: 'off', days: [0] }];
  const groups = new Map<string, number[]>();
  flat.forEach((on, i) => {
    const prev = flat[(i - 1 + flat.length) % flat.length];
    if (on === prev) return;
    const key = `${String(i % 24).padStart(2, '0')}:00 ${on ? 'on' : 'off'}`;
    groups.set(key, [...(groups.get(key) ?? []), Math.floor(i / 24)]);
  });
  return [...groups].map(([key, days]) => {
    const [localTime, action] = key.split(' ') as [string, ScheduleAction];
    return { localTime, action, days };
  });
}

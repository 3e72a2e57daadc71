import type { Point, RuleSchedule } from '@vigil/contracts';
import { pictureBox } from '@vigil/recorder';

// A JPEG's size from its header: the recorder's reader (its plate and PPE readers use it too).
export { jpegSize } from '@vigil/recorder';

/**
 * Where an object stands on the picture: the bottom middle of its box (its feet or wheels), so a person counts in
 * a zone drawn on the ground. Boxes come in 0..1 of the detector's square input, into which the picture was scaled
 * whole and centred (letterboxed, decision 0555); this undoes that.
 */
export function footPoint(
  box: readonly [number, number, number, number],
  picture: { width: number; height: number },
): Point {
  const [x1, , x2, y2] = pictureBox(box, picture);
  return [(x1 + x2) / 2, y2];
}

const WEEKDAYS = ['Sun', 'Mon', 'Tue', 'Wed', 'Thu', 'Fri', 'Sat'];

/** The day of the week (0 Sunday) and "HH:MM" on a camera's wall clock at an instant. */
export function wallClock(atMs: number, timeZone: string): { day: number; time: string } {
  const parts = new Intl.DateTimeFormat('en-GB', {
    timeZone,
    weekday: 'short',
    hour: '2-digit',
    minute: '2-digit',
    hourCycle: 'h23',
  }).formatToParts(atMs);
  const part = (type: string) => parts.find((p) => p.type === type)?.value ?? '';
  return { day: WEEKDAYS.indexOf(part('weekday')), time: `${part('hour')}:${part('minute')}` };
}

/**
 * Whether a rule's schedule is on at a wall-clock moment: it starts at `from` on each of its days and runs to `to`
 * that day, or to `to` the next day when `to` is at or before `from` (a night).
 */
export function scheduleActive(s: RuleSchedule | null, at: { day: number; time: string }): boolean {
  if (!s) return true;
  if (s.from < s.to) return s.days.includes(at.day) && at.time >= s.from && at.time < s.to;
  const yesterday = (at.day + 6) % 7;
  return (s.days.includes(at.day) && at.time >= s.from) || (s.days.includes(yesterday) && at.time < s.to);
}

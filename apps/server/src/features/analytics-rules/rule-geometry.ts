import type { Point, RuleSchedule } from '@vigil/contracts';

/** A JPEG's width and height from its frame header (SOFn), or null when there is none. */
export function jpegSize(jpeg: Uint8Array): { width: number; height: number } | null {
  let i = 2;
  while (i + 9 < jpeg.length) {
    if (jpeg[i] !== 0xff) return null;
    const marker = jpeg[i + 1]!;
    const length = (jpeg[i + 2]! << 8) | jpeg[i + 3]!;
    // SOF0..SOF15 carry the size, except DHT (C4), JPG (C8) and DAC (CC), which share the range.
    if (marker >= 0xc0 && marker <= 0xcf && marker !== 0xc4 && marker !== 0xc8 && marker !== 0xcc)
      return { height: (jpeg[i + 5]! << 8) | jpeg[i + 6]!, width: (jpeg[i + 7]! << 8) | jpeg[i + 8]! };
    i += 2 + length;
  }
  return null;
}

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

/** A detector's box (0..1 of its letterboxed square) in 0..1 of the picture, clamped to it. */
export function pictureBox(
  box: readonly [number, number, number, number],
  picture: { width: number; height: number },
): [number, number, number, number] {
  const scale = Math.max(picture.width, picture.height);
  const w = picture.width / scale;
  const h = picture.height / scale;
  const clamp = (v: number) => Math.min(1, Math.max(0, v));
  const x = (v: number) => clamp((v - (1 - w) / 2) / w);
  const y = (v: number) => clamp((v - (1 - h) / 2) / h);
  return [x(box[0]), y(box[1]), x(box[2]), y(box[3])];
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

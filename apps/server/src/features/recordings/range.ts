import { HttpError } from '../../http/errors.ts';

export interface Range {
  fromMs: number;
  toMs: number;
}

/**
 * A requested range of recorded video (epoch seconds, as the spec's URLs give it), checked: the end after the
 * start, at most `maxSec` long, not starting in the future. An end in the future is cut to now (a clip of the
 * last minutes asked for "until now" is normal).
 */
export function checkRange(startSec: number, endSec: number, nowMs: number, maxSec: number): Range {
  if (endSec <= startSec)
    throw new HttpError(400, 'range_reversed', 'The end of the range must be after its start');
  if (endSec - startSec > maxSec) {
    const hours = maxSec / 3600;
    const limit = Number.isInteger(hours)
      ? `${hours} hour${hours === 1 ? '' : 's'}`
      : `${Math.round(maxSec / 60)} minutes`;
    throw new HttpError(400, 'range_too_long', `A clip covers at most ${limit}`);
  }
  if (startSec * 1000 >= nowMs)
    throw new HttpError(400, 'range_in_future', 'This range starts in the future: nothing is recorded yet');
  return { fromMs: startSec * 1000, toMs: Math.min(endSec * 1000, nowMs) };
}

export const videoMissing = (message = 'No video was recorded in this range') =>
  new HttpError(404, 'video_missing', message);

import { z } from 'zod';
import { RuleObjectClass } from './analytics-rules.ts';
import { Uidd } from './ids.ts';

/**
 * Counts of count-line crossings (decision 0794): per camera, line, object class, direction and hour, kept as
 * the tracker sees objects cross a camera's count lines while motion lasts.
 */

/** How often a counting camera's newest keyframe is looked at while motion lasts (at most; decision 0794). */
export const COUNTING_SAMPLE_MS = 1_000;
/** The longest range `GET /analytics/counts` answers in one call. */
export const LINE_COUNTS_MAX_DAYS = 31;

const epochMsParam = z.coerce.number().int().min(0).max(8_640_000_000_000);

/** GET /analytics/counts?uidd=&from=&to= (ours: the spec names no call for counts). Hours starting in [from, to). */
export const LineCountsQuery = z
  .strictObject({ uidd: Uidd, from: epochMsParam, to: epochMsParam })
  .refine((q) => q.from <= q.to, { message: 'must not be before from', path: ['to'] })
  .refine((q) => q.to - q.from <= LINE_COUNTS_MAX_DAYS * 86_400_000, {
    message: `at most ${LINE_COUNTS_MAX_DAYS} days`,
    path: ['to'],
  });
export type LineCountsQuery = z.infer<typeof LineCountsQuery>;

/** 'in': from the left of the line's direction (first node to last) to its right on screen; 'out' the other way. */
export const CountDirection = z.enum(['in', 'out']);
export type CountDirection = z.infer<typeof CountDirection>;

export const LineCount = z.object({
  areaId: z.string(),
  /** The line's name now (a renamed line keeps its counts). */
  areaName: z.string(),
  objectClass: RuleObjectClass,
  direction: CountDirection,
  /** The hour's start, epoch ms (UTC hours; the web app groups them in local time). */
  hourStart: z.number(),
  count: z.number(),
});
export type LineCount = z.infer<typeof LineCount>;

export const LineCountsResponse = z.object({ uidd: Uidd, counts: z.array(LineCount) });
export type LineCountsResponse = z.infer<typeof LineCountsResponse>;

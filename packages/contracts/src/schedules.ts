import { z } from 'zod';
import { CameraQueryError } from './cameras.ts';
import { Uidd } from './ids.ts';

/**
 * Camera schedules (spec 001 §3 Schedule item, §7 Schedules; 000 §3 relative schedule entry; decision 0702):
 * weekly entries "at local_time on day_of_week, turn category on or off", in the camera's own time zone.
 */
export const SCHEDULE_CATEGORIES = ['recording', 'notifications'] as const;
export const ScheduleCategory = z.enum(SCHEDULE_CATEGORIES);
export type ScheduleCategory = z.infer<typeof ScheduleCategory>;
export const ScheduleAction = z.enum(['on', 'off']);
export type ScheduleAction = z.infer<typeof ScheduleAction>;
/** Wall-clock time in the camera's zone, "HH:MM" (00:00–23:59). */
export const LocalTime = z.string().regex(/^([01]\d|2[0-3]):[0-5]\d$/, 'local time is HH:MM, 00:00 to 23:59');
/** 0 Sunday … 6 Saturday, as JavaScript's Date counts them. */
export const DayOfWeek = z.number().int().min(0).max(6);
export const DaysOfWeek = z.array(DayOfWeek).min(1).max(7);

/** The relative schedule entry of spec 000 §3. */
export const RelativeScheduleEntry = z.object({ day_of_week: DayOfWeek, local_time: LocalTime });
export type RelativeScheduleEntry = z.infer<typeof RelativeScheduleEntry>;

export const ScheduleItem = z.object({
  uidd: Uidd,
  category: ScheduleCategory,
  local_time: LocalTime,
  action: ScheduleAction,
  day_of_week: DayOfWeek,
});
export type ScheduleItem = z.infer<typeof ScheduleItem>;

export const ScheduleBatch = z.object({
  result: z.array(ScheduleItem),
  /** Cameras of the query the caller may not see, as for one that does not exist. */
  errors: z.array(CameraQueryError),
});
export type ScheduleBatch = z.infer<typeof ScheduleBatch>;

export const ScheduleUserParams = z.strictObject({ id: z.string().min(1).max(64) });
export const ScheduleEntryParams = z.strictObject({
  x: z.string().min(1).max(64),
  category: ScheduleCategory,
  local_time: LocalTime,
  action: ScheduleAction,
});
export const ScheduleTimeParams = ScheduleEntryParams.omit({ action: true });
export const ScheduleBody = z.strictObject({ uidd: Uidd, daysOfWeek: DaysOfWeek });
export type ScheduleBody = z.infer<typeof ScheduleBody>;
export const ScheduleReplaceBody = ScheduleBody.extend({ localTimeToReplace: LocalTime });
export type ScheduleReplaceBody = z.infer<typeof ScheduleReplaceBody>;

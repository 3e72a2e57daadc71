import { z } from 'zod';
import { Uidd } from './ids.ts';

/**
 * GET /logger (spec 000 §7: "auth service, with a region"; fields not shown, decision 0600). With `uidd`: which
 * logger host (recorder) records that camera. Otherwise: the logger host of a region (default this server's) that
 * a new camera would go to: the least loaded live recorder, this server where it records itself, or another
 * region's server (its own /logger answers for its recorders).
 */
export const LoggerQuery = z.strictObject({
  region: z
    .string()
    .regex(/^[a-z0-9-]{1,32}$/)
    .optional(),
  uidd: Uidd.optional(),
});
export type LoggerQuery = z.infer<typeof LoggerQuery>;

export const LoggerResult = z.object({
  region: z.string(),
  /** Base URL of the logger host. */
  logger: z.string(),
  /** With `uidd`: the camera asked about. */
  uidd: Uidd.optional(),
  /** With `uidd`: when it was last assigned to its logger host (epoch ms), as the camera's lastLogger. */
  lastLogger: z.number().nullable().optional(),
  /**
   * With `uidd`: whether a recorder holds it by a live lease now (false: between recorders, or none is running;
   * `logger` is then the last one that recorded it). Always true in the embedded default.
   */
  recording: z.boolean().optional(),
});
export type LoggerResult = z.infer<typeof LoggerResult>;

import { z } from 'zod';
import { Email } from './auth.ts';

export const ChangeEmailBody = z.strictObject({ newEmail: Email, password: z.string().min(1).max(1024) });
export const ChangePasswordBody = z.strictObject({
  currentPassword: z.string().min(1).max(1024),
  newPassword: z.string().max(1024),
});
export const PreferencesBody = z.strictObject({
  language: z.enum(['en', 'fr']).optional(),
  timezone: z
    .string()
    .max(64)
    .refine(
      (tz) => Intl.supportedValuesOf('timeZone').includes(tz) || tz === 'UTC',
      'must be an IANA time zone',
    )
    // null goes back to following the browser's time zone.
    .nullable()
    .optional(),
});

export const ActiveSession = z.object({
  seriesId: z.string(),
  current: z.boolean(),
  createdAt: z.number(),
  lastUsedAt: z.number(),
  device: z.string().nullable(),
  clientIp: z.string().nullable(),
  userAgent: z.string().nullable(),
  /** Present on a session that was ended for the user's security (a stolen token replayed); live ones lack it. */
  endedAt: z.number().optional(),
  endedReason: z.enum(['token_replay']).optional(),
});
export type ActiveSession = z.infer<typeof ActiveSession>;

/** PUT /account/{uid}/email answers the address now in use. */
export const ChangeEmailResult = z.object({ email: z.string() });
/** PATCH /account/{uid}/preferences answers both preferences as stored (a null time zone follows the browser). */
export const PreferencesResult = z.object({ language: z.string(), timezone: z.string().nullable() });
export type PreferencesResult = z.infer<typeof PreferencesResult>;

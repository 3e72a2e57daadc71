import { z } from 'zod';
import { Uid } from './ids.ts';

/**
 * Support access (decision 0017): support sees a customer's pictures and video only while the account's owner (or a
 * co-owner) has granted it, for one of these durations. Named here once; the server and the web app read them.
 */
export const SUPPORT_ACCESS_HOURS = [1, 24, 168] as const;
export type SupportAccessHours = (typeof SUPPORT_ACCESS_HOURS)[number];
export const SUPPORT_ACCESS_DEFAULT_HOURS: SupportAccessHours = 24;
/** At most one 'support.viewed' audit entry per support user, camera and kind in this window (no flooding). */
export const SUPPORT_VIEW_AUDIT_WINDOW_MS = 60_000;

/** What support looked at, in a 'support.viewed' audit entry's `details.kind`. */
export const SUPPORT_VIEW_KINDS = ['thumb', 'still', 'live', 'recorded'] as const;
export type SupportViewKind = (typeof SUPPORT_VIEW_KINDS)[number];

export const SupportAccessParams = z.strictObject({ uid: Uid });
export const GrantSupportAccessBody = z.strictObject({
  hours: z
    .number()
    .int()
    .refine((h) => (SUPPORT_ACCESS_HOURS as readonly number[]).includes(h), {
      message: `must be one of ${SUPPORT_ACCESS_HOURS.join(', ')}`,
    })
    .default(SUPPORT_ACCESS_DEFAULT_HOURS),
});
export type GrantSupportAccessBody = z.input<typeof GrantSupportAccessBody>;

/** The account's grant: `active` false (and the times null) when support has none or it has run out. */
export const SupportAccess = z.object({
  active: z.boolean(),
  grantedAt: z.number().nullable(),
  expiresAt: z.number().nullable(),
  grantedBy: z.string().nullable(),
});
export type SupportAccess = z.infer<typeof SupportAccess>;

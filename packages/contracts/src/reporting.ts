import { z } from 'zod';

/** POST /web-errors/:uid/slack body (spec 000 §7): one error seen in a browser. */
export const WebErrorReport = z.strictObject({
  identifier: z.string().max(254),
  href: z.string().max(2_000),
  message: z.string().min(1).max(2_000),
  trace: z.string().max(8_000).default(''),
  info: z.string().max(2_000).default(''),
});
export type WebErrorReport = z.input<typeof WebErrorReport>;

/** Who reported: an account id, or `anonymous` before sign-in. */
export const ReportUidParams = z.strictObject({
  uid: z.string().regex(/^[A-Za-z0-9_-]{1,64}$/, 'must be a user id or anonymous'),
});

/** POST /tracking/{uid}/0/alog body (spec 000 §7): the usage log of one app start. */
export const UsageLogBody = z.strictObject({
  type: z.string().min(1).max(32),
  val: z.strictObject({
    host: z.string().max(253),
    fingerprint: z.string().max(64),
    instance: z.string().max(64),
    version: z.string().max(32),
    url: z.string().max(2_000),
    windowSize: z.string().regex(/^\d{1,5}x\d{1,5}$/, 'must be WIDTHxHEIGHT'),
  }),
});
export type UsageLogBody = z.infer<typeof UsageLogBody>;

export const ReportAccepted = z.object({ ok: z.literal(true) });

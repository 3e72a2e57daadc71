import { z } from 'zod';
import { ActiveSession } from './account.ts';
import { Uid, Uidd } from './ids.ts';

/**
 * Support's account page and health screen beyond decision 0720 (decision 0721): an account's sessions, its
 * browser error reports and usage logs in pages, re-probing a camera, and the fleet with its alerts.
 */

/** Rows per page of an account's error reports or usage logs on support's account page (ours). */
export const SUPPORT_LOG_PAGE_SIZE = 20;

/** GET /support/accounts/:uid/sessions: the account's live sessions (and those ended by a replayed token). */
export const SupportSessionList = z.object({ sessions: z.array(ActiveSession) });
export type SupportSessionList = z.infer<typeof SupportSessionList>;
export const SupportSessionParams = z.strictObject({ uid: Uid, seriesId: z.string().min(1).max(64) });

/** `before`: the `next` cursor of the previous page (newest first); none: the newest page. */
export const SupportLogQuery = z.strictObject({
  before: z
    .string()
    .regex(/^\d{1,16}:[A-Za-z0-9_-]{1,64}$/, 'must be a cursor from the previous page')
    .optional(),
});
export type SupportLogQuery = z.infer<typeof SupportLogQuery>;

export const SupportErrorReport = z.object({
  id: z.string(),
  createdAt: z.number(),
  identifier: z.string(),
  href: z.string(),
  message: z.string(),
  userAgent: z.string().nullable(),
});
export type SupportErrorReport = z.infer<typeof SupportErrorReport>;
export const SupportErrorReportPage = z.object({
  reports: z.array(SupportErrorReport),
  /** The cursor of the next (older) page; null on the last. */
  next: z.string().nullable(),
});
export type SupportErrorReportPage = z.infer<typeof SupportErrorReportPage>;

export const SupportUsageLog = z.object({
  id: z.string(),
  createdAt: z.number(),
  type: z.string(),
  url: z.string(),
  version: z.string(),
  windowSize: z.string(),
  userAgent: z.string().nullable(),
});
export type SupportUsageLog = z.infer<typeof SupportUsageLog>;
export const SupportUsageLogPage = z.object({ logs: z.array(SupportUsageLog), next: z.string().nullable() });
export type SupportUsageLogPage = z.infer<typeof SupportUsageLogPage>;

/** POST /support/cameras/:uidd/probe: the camera's main stream probed now as at its install (spec 001 §8 kinds). */
export const SupportProbeParams = z.strictObject({ uidd: Uidd });
export const SupportProbeResult = z.discriminatedUnion('ok', [
  z.object({
    ok: z.literal(true),
    uidd: z.string(),
    videoCodec: z.string(),
    width: z.number().nullable(),
    height: z.number().nullable(),
    frameRate: z.number().nullable(),
  }),
  z.object({
    ok: z.literal(false),
    uidd: z.string(),
    kind: z.enum([
      'unreachable',
      'missing_credentials',
      'unauthorised',
      'connection_timeout',
      'unsupported_codec',
    ]),
    detail: z.string(),
  }),
]);
export type SupportProbeResult = z.infer<typeof SupportProbeResult>;

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

/**
 * The health screen's fleet (GET /support/health, decision 0721): how each camera on a recorder is doing.
 * 'behind': the recorder says it is online but no video came for HEALTH_BEHIND_MS.
 */
export const HealthCameraState = z.enum(['recording', 'offline', 'behind']);
export type HealthCameraState = z.infer<typeof HealthCameraState>;
/** No video for this long from a camera said to be online: it is behind (a stalled stream). */
export const HEALTH_BEHIND_MS = 30_000;
/**
 * Problem cameras (offline, then behind) per page of the health screen, for each recorder and for the cameras no
 * recorder holds; the counts cover them all (decision 0747: recording cameras are counted, not listed).
 */
export const HEALTH_CAMERAS_LISTED = 20;

export const HealthCamera = z.object({
  uidd: z.string(),
  name: z.string(),
  state: HealthCameraState,
  /** Why it is offline (the recorder's problem: 'unreachable', 'unauthorised', 'standby'…), else null. */
  reason: z.string().nullable(),
  lastActivity: z.number().nullable(),
});
export type HealthCamera = z.infer<typeof HealthCamera>;

export const HealthRecorder = z.object({
  /** The recorder's id; in one process (ROLE=all), 'this server'. */
  id: z.string(),
  publicUrl: z.string().nullable(),
  /** Its heartbeat came within the lease time (ROLE=all: always). */
  alive: z.boolean(),
  /** Since its last heartbeat; null in one process. */
  heartbeatAgeMs: z.number().nullable(),
  draining: z.boolean(),
  counts: z.object({ recording: z.number(), offline: z.number(), behind: z.number() }),
  /** The first page of its problem cameras: offline (with the recorder's reason), then behind. */
  cameras: z.array(HealthCamera),
  /**
   * How many problem cameras the recorder reports, the pages' total. Cameras it holds but has not reported yet are
   * counted offline without being listed (decision 0747).
   */
  problems: z.number(),
});
export type HealthRecorder = z.infer<typeof HealthRecorder>;

/** The alert rules (their thresholds are data on the server: features/health/alert-rules.ts). */
export const ALERT_IDS = [
  'disk_over_watermark',
  'recorder_missing_heartbeats',
  'error_report_rate',
  'database_down',
  'nats_down',
] as const;
export const HealthAlert = z.object({
  id: z.enum(ALERT_IDS),
  firing: z.boolean(),
  /**
   * What was measured (bytes short of the watermark, heartbeats missed, reports per minute, 1 = down; NATS: 1
   * unreachable, 2 consumer stalled).
   */
  value: z.number().nullable(),
  threshold: z.number(),
  /** What the rule watches, in words (English: an operator's text, as Prometheus' alert annotations are). */
  summary: z.string(),
});
export type HealthAlert = z.infer<typeof HealthAlert>;

export const SupportHealth = z.object({
  recorders: z.array(HealthRecorder),
  /** Installed cameras no live recorder holds (a fleet only): the first page of them. */
  unassigned: z.array(HealthCamera),
  /** How many installed cameras no live recorder holds. */
  unassignedCount: z.number(),
  errorReportsPerMin: z.number(),
  alerts: z.array(HealthAlert),
});
export type SupportHealth = z.infer<typeof SupportHealth>;

/** GET /support/health/cameras: a page of one recorder's problem cameras, or of the cameras no recorder holds. */
export const HealthCamerasQuery = z.strictObject({
  /** The recorder's id ('this server' in one process); absent: the cameras no live recorder holds. */
  recorder: z.string().max(300).optional(),
  offset: z.coerce.number().int().min(0).max(1_000_000).default(0),
});
export const HealthCameraPage = z.object({
  cameras: z.array(HealthCamera),
  /** The problem cameras (or unheld cameras) in all: where paging ends. */
  total: z.number(),
  offset: z.number(),
});
export type HealthCameraPage = z.infer<typeof HealthCameraPage>;

import { z } from 'zod';
import { listParam, uiddList } from './cameras.ts';
import { Uid } from './ids.ts';

/**
 * `alertUpdated` (decision 0556), `liveMoved` (0616) and `ruleAlert` (0704) are ours: the spec's stream carries
 * liveSession and alert.
 */
export const REALTIME_TYPES = ['liveSession', 'alert', 'alertUpdated', 'liveMoved', 'ruleAlert'] as const;
export type RealtimeType = (typeof REALTIME_TYPES)[number];

/** GET /cameras/realtime/live (spec 001 §7): types, and uidd — or owner ids when the query would be too long. */
export const RealtimeQuery = z
  .strictObject({
    types: listParam(z.enum(REALTIME_TYPES), REALTIME_TYPES.length).refine(
      (t) => t.length > 0,
      'at least one type is required',
    ),
    uidd: uiddList.optional(),
    owner: listParam(Uid, 500).optional(),
  })
  .refine((q) => (q.uidd?.length ?? 0) + (q.owner?.length ?? 0) > 0, {
    message: 'uidd or owner is required',
    path: ['uidd'],
  });
export type RealtimeQuery = z.infer<typeof RealtimeQuery>;

/** A live session started or ended on a camera (announced when `livecommand` starts live). */
export const LiveSessionData = z.object({
  uidd: z.string(),
  state: z.enum(['started', 'stopped']),
  stream: z.enum(['main', 'sd']),
  /** Where the web app opens the live stream (WebSocket of fMP4 fragments). */
  url: z.string().optional(),
});

/** A new event (motion alert). */
export const AlertData = z.object({
  uidd: z.string(),
  id: z.string(),
  startTime: z.number(),
  motionScore: z.union([z.number(), z.literal('0a')]),
});

/**
 * An event already announced changed (decision 0556): its recognition labels were stored, or it ended. Carries no
 * event data: the web app refetches what it shows, and the server stays the one source of truth.
 */
export const AlertUpdatedData = z.object({
  uidd: z.string(),
  id: z.string(),
  change: z.enum(['labels', 'ended']),
});

/**
 * A camera's live video moved to another recorder (decision 0616: its lease was handed over, or its recorder died):
 * a viewer asks livecommand again and opens the address it answers. `logger` is the new recorder's public URL.
 */
export const LiveMovedData = z.object({
  uidd: z.string(),
  logger: z.string(),
});

/** An alert rule matched an event's picture (decision 0704): which rule, on which area, seeing what. */
export const RuleAlertData = z.object({
  uidd: z.string(),
  /** The motion event whose picture matched. */
  id: z.string(),
  ruleId: z.string(),
  ruleName: z.string(),
  areaName: z.string(),
  objectClass: z.string(),
  confidence: z.number(),
  notify: z.boolean(),
  /** Plate rules (decision 0796): the plate read. */
  plate: z.string().optional(),
});

/** One server-sent event: `event: <type>`, `data: <json>`; messages carry type and data (spec 001 §7). */
export type RealtimeMessage =
  | { type: 'liveSession'; data: z.infer<typeof LiveSessionData> }
  | { type: 'alert'; data: z.infer<typeof AlertData> }
  | { type: 'alertUpdated'; data: z.infer<typeof AlertUpdatedData> }
  | { type: 'liveMoved'; data: z.infer<typeof LiveMovedData> }
  | { type: 'ruleAlert'; data: z.infer<typeof RuleAlertData> };

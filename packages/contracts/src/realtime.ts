import { z } from 'zod';
import { listParam, uiddList } from './cameras.ts';
import { Uid } from './ids.ts';

export const REALTIME_TYPES = ['liveSession', 'alert'] as const;

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

/** One server-sent event: `event: <type>`, `data: <json>`; messages carry type and data (spec 001 §7). */
export type RealtimeMessage =
  | { type: 'liveSession'; data: z.infer<typeof LiveSessionData> }
  | { type: 'alert'; data: z.infer<typeof AlertData> };

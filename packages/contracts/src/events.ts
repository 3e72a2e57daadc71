import { z } from 'zod';
import { listParam } from './cameras.ts';
import { EVENTS_DELETE_BATCH, MOTION_SCORE_MAX_TOKEN } from './constants.ts';
import { DeviceId, Uid, Uidd } from './ids.ts';

const epochMsParam = z.coerce.number().int().min(0).max(8_640_000_000_000);

/**
 * GET /events (spec 001 §7). Times are epoch milliseconds. Newest first, pages of EVENTS_PAGE_SIZE: the next page
 * is asked for with endt = the last event's startTime and beforeId = its id (keyset, decision 0012).
 */
export const EventsQuery = z
  .strictObject({
    uidd: listParam(Uidd, 200).refine((a) => a.length >= 1, 'at least one camera is required'),
    startt: epochMsParam.optional(),
    endt: epochMsParam.optional(),
    rekogLabel: z.string().trim().min(1).max(64).optional(),
    tags: listParam(z.string().min(1).max(64), 50).optional(),
    removeLimit: z
      .enum(['true', 'false'])
      .transform((v) => v === 'true')
      .optional(),
    beforeId: z.string().max(32).optional(),
  })
  .refine((q) => q.startt === undefined || q.endt === undefined || q.startt <= q.endt, {
    message: 'must not be before startt',
    path: ['endt'],
  });
export type EventsQuery = z.infer<typeof EventsQuery>;

/**
 * The event entity (spec 001 §3). motionScore is a number 0..9, or '0a' meaning 10. `labels` and `ongoing` are
 * ours (decision 0556).
 */
export const EventItem = z.object({
  id: z.string(),
  alert: z.string(),
  startTime: z.number(),
  endTime: z.number(),
  durationSeconds: z.number(),
  rom: z.boolean(),
  motionScore: z.union([z.number(), z.literal(MOTION_SCORE_MAX_TOKEN)]),
  logger: z.string().nullable(),
  cameraUidd: z.string(),
  uid: z.string(),
  deviceId: z.string(),
  hasHighResStill: z.boolean(),
  tags: z.array(z.string()),
  /** The event's recognition labels (decision 0555), names only, highest confidence first. */
  labels: z.array(z.string()).optional(),
  /** Motion still going on: endTime is not its end yet (durationSeconds 0). Absent: ended. */
  ongoing: z.boolean().optional(),
});
export type EventItem = z.infer<typeof EventItem>;

/** Reads motionScore as the spec does: '0a' means 10. */
export const readMotionScore = (v: number | string): number =>
  v === MOTION_SCORE_MAX_TOKEN ? 10 : Number(v);
export const writeMotionScore = (score: number): number | typeof MOTION_SCORE_MAX_TOKEN =>
  score >= 10 ? MOTION_SCORE_MAX_TOKEN : score;

export const DeleteEventsBody = z.strictObject({
  eventIds: z
    .array(z.string().min(1).max(32))
    .min(1)
    .max(EVENTS_DELETE_BATCH, `at most ${EVENTS_DELETE_BATCH} events per call`),
});
export const DeleteEventsResult = z.object({ deleted: z.number().int() });
/** An event's tags after adding or removing one; also the tags of the events asked for (GET /events/tags). */
export const EventTags = z.array(z.string());

export const EventTagBody = z.strictObject({ tag: z.string().trim().min(1, 'is required').max(64) });

export const LabelCount = z.object({ label: z.string(), count: z.number() });
export type LabelCount = z.infer<typeof LabelCount>;

/** GET /alert/rekog (spec 001 §3 Recognition labels, §7): the event's labels, highest confidence first. */
export const EventLabel = z.object({ label: z.string(), confidence: z.number() });
export type EventLabel = z.infer<typeof EventLabel>;
export const RekogResponse = z.object({ result: z.array(EventLabel) });
export type RekogResponse = z.infer<typeof RekogResponse>;

/**
 * The web app's delete batching (spec 001 §7): group by logger and camera, at most EVENTS_DELETE_BATCH ids a call.
 */
export function deleteBatches(
  events: readonly Pick<EventItem, 'id' | 'logger' | 'uid' | 'deviceId'>[],
): { logger: string | null; uid: string; deviceId: string; eventIds: string[] }[] {
  const groups = new Map<string, { logger: string | null; uid: string; deviceId: string; ids: string[] }>();
  for (const e of events) {
    const key = `${e.logger ?? ''}|${e.uid}|${e.deviceId}`;
    const g = groups.get(key) ?? { logger: e.logger, uid: e.uid, deviceId: e.deviceId, ids: [] };
    g.ids.push(e.id);
    groups.set(key, g);
  }
  const batches = [];
  for (const g of groups.values()) {
    for (let i = 0; i < g.ids.length; i += EVENTS_DELETE_BATCH) {
      batches.push({
        logger: g.logger,
        uid: g.uid,
        deviceId: g.deviceId,
        eventIds: g.ids.slice(i, i + EVENTS_DELETE_BATCH),
      });
    }
  }
  return batches;
}

/** PUT /camera/{owner}/{device}/config/analytics (spec 001 §7): recognition labels for the camera's events. */
export const AnalyticsConfigParams = z.strictObject({ owner: Uid, device: DeviceId });
export const AnalyticsConfigBody = z.strictObject({ enabled: z.boolean() });
export type AnalyticsConfigBody = z.infer<typeof AnalyticsConfigBody>;
export const AnalyticsConfigResponse = z.object({ uidd: z.string(), analyticsEnabled: z.boolean() });
export type AnalyticsConfigResponse = z.infer<typeof AnalyticsConfigResponse>;

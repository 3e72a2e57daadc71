import { z } from 'zod';
import { listParam } from './cameras.ts';
import { DeviceId, Uid, Uidd } from './ids.ts';

/** The PPE check (decisions 0870, 0871): what a person in a safety zone can be found without. */
export const PPE_ITEMS = ['helmet', 'vest'] as const;
export const PpeItem = z.enum(PPE_ITEMS);
export type PpeItem = z.infer<typeof PpeItem>;
/** A page of violations, newest first (the events page's size, spec 001 §9). */
export const PPE_VIOLATIONS_PAGE = 50;
/** Safety zones a camera may name (its analytics areas of kind zone, ANALYTICS_AREAS_MAX of them at most). */
export const PPE_ZONES_MAX = 16;

const epochMsParam = z.coerce.number().int().min(0).max(8_640_000_000_000);

/** A person seen in a safety zone without a hard hat or a high-visibility vest, at a still's time. */
export const PpeViolation = z.object({
  id: z.string(),
  uidd: z.string(),
  eventId: z.string(),
  stillTimeMs: z.number(),
  /** The safety zone's analytics area (null: the camera has no zone, its whole picture is the safety zone). */
  zoneId: z.string().nullable(),
  zoneName: z.string().nullable(),
  missing: z.array(PpeItem).min(1),
  /** 0..1: the person detector's confidence times how clearly the colour check found the item absent. */
  confidence: z.number(),
  /** The person's box in 0..1 of the picture: left, top, right, bottom. */
  box: z.tuple([z.number(), z.number(), z.number(), z.number()]),
});
export type PpeViolation = z.infer<typeof PpeViolation>;

export const PpeViolationsQuery = z
  .strictObject({
    uidd: listParam(Uidd, 200).refine((a) => a.length >= 1, 'at least one camera is required'),
    startt: epochMsParam.optional(),
    endt: epochMsParam.optional(),
    zone: z.string().min(1).max(64).optional(),
    kind: PpeItem.optional(),
  })
  .refine((q) => q.startt === undefined || q.endt === undefined || q.startt <= q.endt, {
    message: 'must not be before startt',
    path: ['endt'],
  });
export type PpeViolationsQuery = z.infer<typeof PpeViolationsQuery>;
export const PpeViolationsResponse = z.array(PpeViolation);

/** Violations per camera and zone over the query's span (the /ppe screen's summary). */
export const PpeZoneCount = z.object({
  uidd: z.string(),
  zoneId: z.string().nullable(),
  zoneName: z.string().nullable(),
  helmet: z.number().int(),
  vest: z.number().int(),
  total: z.number().int(),
});
export type PpeZoneCount = z.infer<typeof PpeZoneCount>;
export const PpeCountsResponse = z.array(PpeZoneCount);

export const PpeConfigParams = z.strictObject({ owner: Uid, device: DeviceId });
/** The switch and the safety zones: analytics area ids of kind zone; empty: every zone of the camera. */
export const PpeConfigBody = z.strictObject({
  enabled: z.boolean(),
  zones: z.array(z.string().min(1).max(64)).max(PPE_ZONES_MAX).optional(),
});
export const PpeConfigResponse = z.object({
  uidd: z.string(),
  ppeEnabled: z.boolean(),
  zones: z.array(z.string()),
});
export type PpeConfigResponse = z.infer<typeof PpeConfigResponse>;

export const PpeCamerasQuery = z.strictObject({
  uidd: listParam(Uidd, 200).refine((a) => a.length >= 1, 'at least one camera is required'),
});
export const PpeCamerasResponse = z.object({ uidds: z.array(z.string()) });

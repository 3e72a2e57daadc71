import { z } from 'zod';
import { listParam } from './cameras.ts';
import { DeviceId, Uid, Uidd } from './ids.ts';
import { parsePlateQuery } from './plates.ts';

/** Longest span of /vehicles/counts: a month of hours. */
export const VEHICLE_COUNTS_MAX_DAYS = 31;

const epochMsParam = z.coerce.number().int().min(0).max(8_640_000_000_000);

/** Spec 001 §3, the Vehicle analytics record (plus location, front or rear, and the sighting it belongs to). */
export const VehicleRecord = z.object({
  uid: z.string(),
  deviceId: z.string(),
  eventId: z.string(),
  /** Normalised: letters and digits, upper case. */
  licencePlate: z.string(),
  /** The country the plate's format names (GB, ES), null when it names none. */
  licencePlateRegion: z.string().nullable(),
  /** 0..1: mean probability of the plate's characters. */
  confidence: z.number(),
  /** When the picture the plate was read in was taken (epoch ms). */
  stillTimeMs: z.number(),
  /** No make or model classifier ships in a package (decision 0790): always null for now. */
  make: z.string().nullable(),
  model: z.string().nullable(),
  colour: z.string().nullable(),
  location: z.enum(['front', 'rear']).nullable(),
  sightingId: z.string(),
});
export type VehicleRecord = z.infer<typeof VehicleRecord>;

export const EventVehiclesParams = z.strictObject({
  uid: Uid,
  deviceid: DeviceId,
  eventId: z.string().min(1).max(64),
});
/** Spec 001 §7 names a timestamp param: the event's start (epoch ms); optional, the id names the event. */
export const EventVehiclesQuery = z.strictObject({ timestamp: epochMsParam.optional() });

/** Reads of one plate on one camera close in time (decision 0791). */
export const PlateSighting = z.object({
  id: z.string(),
  uidd: z.string(),
  licencePlate: z.string(),
  licencePlateRegion: z.string().nullable(),
  firstSeen: z.number(),
  lastSeen: z.number(),
  location: z.enum(['front', 'rear']).nullable(),
  colour: z.string().nullable(),
  confidence: z.number(),
  /** Events whose pictures it was read in, oldest first. */
  eventIds: z.array(z.string()),
});
export type PlateSighting = z.infer<typeof PlateSighting>;

/** A plate search (spec 001 §5) as a query parameter: the message says what is wrong. */
export const PlateSearchParam = z
  .string()
  .max(32)
  .superRefine((q, ctx) => {
    const p = parsePlateQuery(q);
    if (!p.ok) ctx.addIssue({ code: 'custom', message: p.error });
  });

export const SightingsQuery = z
  .strictObject({
    uidd: listParam(Uidd, 200).refine((a) => a.length >= 1, 'at least one camera is required'),
    plate: PlateSearchParam.optional(),
    startt: epochMsParam.optional(),
    endt: epochMsParam.optional(),
  })
  .refine((q) => q.startt === undefined || q.endt === undefined || q.startt <= q.endt, {
    message: 'must not be before startt',
    path: ['endt'],
  });
export type SightingsQuery = z.infer<typeof SightingsQuery>;

/** Sightings, newest first; at most SIGHTINGS_PAGE (the events page's 50, spec 001 §9). */
export const SightingsResponse = z.array(PlateSighting);

/** Which of the cameras have the LPR add-on on (for the switches of the vehicle screens). */
export const LprCamerasQuery = z.strictObject({
  uidd: listParam(Uidd, 200).refine((a) => a.length >= 1, 'at least one camera is required'),
});
export const LprCamerasResponse = z.object({ uidds: z.array(z.string()) });

export const LprConfigParams = z.strictObject({ owner: Uid, device: DeviceId });
export const LprConfigBody = z.strictObject({ enabled: z.boolean() });
export const LprConfigResponse = z.object({ uidd: z.string(), lprEnabled: z.boolean() });
export type LprConfigResponse = z.infer<typeof LprConfigResponse>;

/** Vehicles (sightings, by first seen) per camera and hour, for /vehicles/counts (decision 0791). */
export const VehicleCountsQuery = z
  .strictObject({
    uidd: listParam(Uidd, 200).refine((a) => a.length >= 1, 'at least one camera is required'),
    startt: epochMsParam,
    endt: epochMsParam,
  })
  .refine((q) => q.startt <= q.endt, { message: 'must not be before startt', path: ['endt'] })
  .refine((q) => q.endt - q.startt <= VEHICLE_COUNTS_MAX_DAYS * 86_400_000, {
    message: `at most ${VEHICLE_COUNTS_MAX_DAYS} days`,
    path: ['endt'],
  });
export type VehicleCountsQuery = z.infer<typeof VehicleCountsQuery>;
export const VehicleCount = z.object({ uidd: z.string(), hourStart: z.number(), count: z.number() });
export type VehicleCount = z.infer<typeof VehicleCount>;

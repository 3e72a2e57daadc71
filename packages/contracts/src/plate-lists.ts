import { z } from 'zod';
import { Uid } from './ids.ts';
import { looksLikePlate, normalisePlate } from './plates.ts';

/**
 * Plate watch-lists (decision 0796): per account, an allow list and a deny list of plates; alert rules of the kinds
 * `plateDenied` (a plate of the deny list seen) and `plateNotAllowed` (a plate not on the allow list seen) watch
 * them on a camera's zone.
 */
export const PLATE_LIST_KINDS = ['allow', 'deny'] as const;
export const PlateListKind = z.enum(PLATE_LIST_KINDS);
export type PlateListKind = z.infer<typeof PlateListKind>;
/** The most plates one list may hold. */
export const PLATE_LIST_MAX = 500;
/** A read within this many characters of a listed plate is that plate (one misread character, as sightings). */
export const WATCH_PLATE_MAX_DISTANCE = 1;
export const PLATE_NOTE_MAX = 60;

/** A plate as typed ('ab-12 cde'), stored normalised ('AB12CDE'); it must look like a plate. */
const ListedPlate = z
  .string()
  .max(20)
  .transform(normalisePlate)
  .refine(looksLikePlate, 'A plate has 4 to 8 letters and digits, at least one of them a digit');

export const PlateListsQuery = z.strictObject({ uid: Uid });
export const PlateListEntry = z.object({ plate: z.string(), note: z.string() });
export type PlateListEntry = z.infer<typeof PlateListEntry>;
/** GET /vehicles/watch-lists?uid=: both lists of the account, plates in order. */
export const PlateListsResponse = z.object({
  uid: z.string(),
  allow: z.array(PlateListEntry),
  deny: z.array(PlateListEntry),
});
export type PlateListsResponse = z.infer<typeof PlateListsResponse>;
/** POST /vehicles/watch-lists: a plate onto a list (its note replaced when it is there already). */
export const AddListedPlateBody = z.strictObject({
  uid: Uid,
  list: PlateListKind,
  plate: ListedPlate,
  note: z.string().trim().max(PLATE_NOTE_MAX).default(''),
});
export type AddListedPlateBody = z.infer<typeof AddListedPlateBody>;
/** DELETE /vehicles/watch-lists: a plate off a list. */
export const RemoveListedPlateBody = z.strictObject({ uid: Uid, list: PlateListKind, plate: ListedPlate });
export type RemoveListedPlateBody = z.infer<typeof RemoveListedPlateBody>;

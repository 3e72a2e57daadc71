import type { Db } from '@vigil/db';
import { EventsRepository } from './events-repository.ts';

export type { EventRow } from './events-repository.ts';

/**
 * The events table's writes (and the one read a retried write needs) that the recorder side asks for (decision 0018): the motion sink records events
 * (features/motion), the labeller labels them (features/labels), the storage watermark frees their pictures.
 * The repository stays private to this feature; this is the part of it others may use.
 */
export type MotionEvents = Pick<
  EventsRepository,
  | 'find'
  | 'insert'
  | 'update'
  | 'closeOngoing'
  | 'closeOngoingAt'
  | 'addLabels'
  | 'oldestWithPictures'
  | 'clearPictures'
>;

export function motionEvents(db: Db): MotionEvents {
  return new EventsRepository(db);
}

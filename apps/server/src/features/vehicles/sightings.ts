import { editDistance } from '@vigil/contracts';
import type { PlateRead } from '@vigil/recorder';

/**
 * Reads of one plate are one vehicle when their texts differ by at most this many characters (edit distance):
 * a misread character is the commonest error, and two different vehicles' plates differing in one character
 * passing one camera within SIGHTING_WINDOW_MS is rare.
 */
export const SAME_PLATE_MAX_DISTANCE = 1;
/** Reads on one camera this close after the last read of a sighting join it (a car parking, queuing, returning). */
export const SIGHTING_WINDOW_MS = 2 * 60_000;

/** A plate read in one of an event's pictures, with the picture's time. */
export interface TimedRead {
  atMs: number;
  read: PlateRead;
  /** The picture's size, where the read's boxes are (plate rules place the vehicle in a zone, decision 0796). */
  width?: number;
  height?: number;
}

/** One vehicle of an event: its reads, and the best one (most confident; the earliest of equals). */
export interface EventVehicle {
  best: TimedRead;
  firstMs: number;
  lastMs: number;
  reads: number;
}

/**
 * The vehicles of one event: its pictures' reads grouped by plate (edit distance ≤ SAME_PLATE_MAX_DISTANCE to a
 * group's best read), best read first within a group. Groups come out in order of their first read.
 */
export function groupEventReads(reads: readonly TimedRead[]): EventVehicle[] {
  const groups: EventVehicle[] = [];
  for (const r of [...reads].sort((a, b) => a.atMs - b.atMs)) {
    const g = groups.find((v) => editDistance(v.best.read.plate, r.read.plate) <= SAME_PLATE_MAX_DISTANCE);
    if (!g) {
      groups.push({ best: r, firstMs: r.atMs, lastMs: r.atMs, reads: 1 });
      continue;
    }
    g.reads++;
    g.lastMs = Math.max(g.lastMs, r.atMs);
    if (r.read.confidence > g.best.read.confidence) g.best = r;
  }
  return groups;
}

/** A sighting as the grouping needs it. */
export interface SightingRef {
  id: string;
  plate: string;
  lastSeenMs: number;
}

/** The sighting a vehicle seen at `atMs` joins: the latest one of the camera whose plate is near enough, in time. */
export function sightingFor(
  plate: string,
  firstMs: number,
  recent: readonly SightingRef[],
): SightingRef | undefined {
  return recent
    .filter(
      (s) => firstMs - s.lastSeenMs <= SIGHTING_WINDOW_MS && s.lastSeenMs - firstMs <= SIGHTING_WINDOW_MS,
    )
    .filter((s) => editDistance(s.plate, plate) <= SAME_PLATE_MAX_DISTANCE)
    .sort((a, b) => b.lastSeenMs - a.lastSeenMs)[0];
}

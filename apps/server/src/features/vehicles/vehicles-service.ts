import {
  EVENTS_PAGE_SIZE,
  type LprConfigResponse,
  type PlateSighting,
  parsePlateQuery,
  type SightingsQuery,
  uiddOf,
  type VehicleCount,
  type VehicleCountsQuery,
  type VehicleRecord,
} from '@vigil/contracts';
import type { Caller } from '../../shared/caller.ts';
import type { CameraAccess } from '../access/camera-access.ts';
import type { SightingRow, VehicleRecordRow, VehiclesRepository } from './vehicles-repository.ts';

const HOUR_MS = 3_600_000;
const location = (v: string | null): 'front' | 'rear' | null => (v === 'front' || v === 'rear' ? v : null);

/** The API's Vehicle analytics record (spec 001 §3) of a row. */
export function toVehicleRecord(r: VehicleRecordRow): VehicleRecord {
  const [uid, deviceId] = r.camera_uidd.split('.') as [string, string];
  return {
    uid,
    deviceId,
    eventId: r.event_id,
    licencePlate: r.licence_plate,
    licencePlateRegion: r.licence_plate_region,
    confidence: r.confidence,
    stillTimeMs: Number(r.still_time_ms),
    make: r.make,
    model: r.model,
    colour: r.colour,
    location: location(r.location),
    sightingId: r.sighting_id,
  };
}

export function toSighting(s: SightingRow, eventIds: string[]): PlateSighting {
  return {
    id: s.id,
    uidd: s.camera_uidd,
    licencePlate: s.licence_plate,
    licencePlateRegion: s.licence_plate_region,
    firstSeen: Number(s.first_seen_ms),
    lastSeen: Number(s.last_seen_ms),
    location: location(s.location),
    colour: s.colour,
    confidence: s.confidence,
    eventIds,
  };
}

/**
 * Vehicle analytics' rules (decision 0791): an event's vehicles and the plate log need the events right on the
 * camera (they are what its events show); the LPR add-on's switch needs the camera-settings right, like the
 * analytics switch (decision 0555).
 */
export class VehiclesService {
  readonly #repo: VehiclesRepository;
  readonly #access: CameraAccess;
  readonly #now: () => number;
  constructor(d: { repo: VehiclesRepository; access: CameraAccess; now: () => number }) {
    this.#repo = d.repo;
    this.#access = d.access;
    this.#now = d.now;
  }

  async eventVehicles(
    caller: Caller,
    uid: string,
    deviceid: string,
    eventId: string,
  ): Promise<VehicleRecord[]> {
    const uidd = uiddOf(uid, deviceid);
    await this.#access.require(caller, uidd, 'events');
    return (await this.#repo.eventRecords(uidd, eventId)).map(toVehicleRecord);
  }

  async sightings(caller: Caller, q: SightingsQuery): Promise<PlateSighting[]> {
    await this.#access.requireAll(caller, q.uidd, 'events');
    // The query's schema has checked the search (spec 001 §5): here it only becomes a pattern.
    const parsed = q.plate === undefined ? undefined : parsePlateQuery(q.plate);
    const rows = await this.#repo.searchSightings({
      uidds: q.uidd,
      plate: parsed?.ok ? parsed.pattern : undefined,
      fromMs: q.startt,
      toMs: q.endt,
      limit: EVENTS_PAGE_SIZE,
    });
    const events = await this.#repo.sightingEvents(rows.map((r) => r.id));
    return rows.map((r) => toSighting(r, events.get(r.id) ?? []));
  }

  /** Sightings per camera and hour (by first seen; hours of UTC, whole for every whole-hour time zone). */
  async counts(caller: Caller, q: VehicleCountsQuery): Promise<VehicleCount[]> {
    await this.#access.requireAll(caller, q.uidd, 'events');
    const counts = new Map<string, VehicleCount>();
    for (const r of await this.#repo.sightingStarts(q.uidd, q.startt, q.endt)) {
      const hourStart = Math.floor(Number(r.first_seen_ms) / HOUR_MS) * HOUR_MS;
      const key = `${r.camera_uidd} ${hourStart}`;
      const c = counts.get(key) ?? { uidd: r.camera_uidd, hourStart, count: 0 };
      c.count++;
      counts.set(key, c);
    }
    return [...counts.values()].sort((a, b) => a.hourStart - b.hourStart || a.uidd.localeCompare(b.uidd));
  }

  async lprCameras(caller: Caller, uidds: string[]): Promise<{ uidds: string[] }> {
    await this.#access.requireAll(caller, uidds, 'events');
    return { uidds: await this.#repo.lprCameras(uidds) };
  }

  async lpr(caller: Caller, owner: string, device: string): Promise<LprConfigResponse> {
    const uidd = uiddOf(owner, device);
    await this.#access.require(caller, uidd, 'events');
    return { uidd, lprEnabled: await this.#repo.lprEnabled(uidd) };
  }

  async setLpr(caller: Caller, owner: string, device: string, enabled: boolean): Promise<LprConfigResponse> {
    const uidd = uiddOf(owner, device);
    await this.#access.require(caller, uidd, 'cameraSettings');
    await this.#repo.setLpr(uidd, owner, enabled, this.#now());
    return { uidd, lprEnabled: enabled };
  }
}

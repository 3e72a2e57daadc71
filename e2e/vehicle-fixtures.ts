import { join } from 'node:path';
import { DatabaseSync } from 'node:sqlite';

/**
 * Plate sightings put straight into the e2e server's database, as the vehicle analyser stores them (decision
 * 0791): the plate reader's own tests read real pictures; these screens need rows at known times.
 */
let made = 0;
export function seedSighting(
  uidd: string,
  plate: string,
  firstSeenMs: number,
  o: { location?: 'front' | 'rear' | null; colour?: string | null; region?: string | null } = {},
): void {
  const dir = process.env.E2E_DATA_DIR;
  if (!dir) throw new Error('E2E_DATA_DIR is not set (see playwright.config.ts)');
  const db = new DatabaseSync(join(dir, 'vigil.sqlite'));
  db.exec('PRAGMA busy_timeout = 5000');
  const owner = uidd.slice(0, uidd.indexOf('.'));
  const id = `e2e-s${Date.now().toString(36)}${++made}`;
  try {
    db.prepare(
      `INSERT INTO plate_sightings (id, owner_uid, camera_uidd, licence_plate, licence_plate_region, first_seen_ms,
        last_seen_ms, location, colour, confidence) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?)`,
    ).run(
      id,
      owner,
      uidd,
      plate,
      o.region ?? null,
      firstSeenMs,
      firstSeenMs + 30_000,
      o.location ?? null,
      o.colour ?? null,
      0.95,
    );
    db.prepare(
      `INSERT INTO vehicle_records (id, event_id, owner_uid, camera_uidd, licence_plate, licence_plate_region,
        confidence, still_time_ms, make, model, colour, location, sighting_id, created_at)
        VALUES (?, ?, ?, ?, ?, ?, ?, ?, NULL, NULL, ?, ?, ?, ?)`,
    ).run(
      `${id}-r`,
      `${id}-e`,
      owner,
      uidd,
      plate,
      o.region ?? null,
      0.95,
      firstSeenMs,
      o.colour ?? null,
      o.location ?? null,
      id,
      firstSeenMs,
    );
  } finally {
    db.close();
  }
}

import { join } from 'node:path';
import { DatabaseSync } from 'node:sqlite';

/**
 * PPE violations put straight into the e2e server's database, as the PPE analyser stores them (decision 0870):
 * the e2e server runs no recorder, so no camera's stills reach its labeller; the analysis itself is tested through
 * the app on real pictures (apps/server/src/features/ppe/ppe.test.ts). These rows give the screen known rows.
 */
let made = 0;
export function seedViolation(
  uidd: string,
  v: {
    eventId: string;
    atMs: number;
    zone: { id: string; name: string } | null;
    missing: ('helmet' | 'vest')[];
  },
): void {
  const dir = process.env.E2E_DATA_DIR;
  if (!dir) throw new Error('E2E_DATA_DIR is not set (see playwright.config.ts)');
  const db = new DatabaseSync(join(dir, 'vigil.sqlite'));
  db.exec('PRAGMA busy_timeout = 5000');
  try {
    db.prepare(
      `INSERT INTO ppe_violations (id, owner_uid, camera_uidd, event_id, still_time_ms, zone_id, zone_name,
        missing_helmet, missing_vest, confidence, box, created_at) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)`,
    ).run(
      `e2e-ppe${Date.now().toString(36)}${++made}`,
      uidd.slice(0, uidd.indexOf('.')),
      uidd,
      v.eventId,
      v.atMs,
      v.zone?.id ?? null,
      v.zone?.name ?? null,
      v.missing.includes('helmet') ? 1 : 0,
      v.missing.includes('vest') ? 1 : 0,
      0.62,
      '[0.4,0.3,0.7,0.9]',
      v.atMs,
    );
  } finally {
    db.close();
  }
}

import { join } from 'node:path';
import { DatabaseSync } from 'node:sqlite';

/**
 * A count line and its counts put straight into the e2e server's database, as people counting stores them
 * (decision 0794): the counting itself is tested with the real detector on the server; this screen needs rows at
 * known hours.
 */
let made = 0;
export function seedLineCounts(
  uidd: string,
  lineName: string,
  counts: { hourStart: number; direction: 'in' | 'out'; count: number; objectClass?: string }[],
): void {
  const dir = process.env.E2E_DATA_DIR;
  if (!dir) throw new Error('E2E_DATA_DIR is not set (see playwright.config.ts)');
  const db = new DatabaseSync(join(dir, 'vigil.sqlite'));
  db.exec('PRAGMA busy_timeout = 5000');
  const id = `e2e-l${Date.now().toString(36)}${++made}`;
  try {
    const now = Date.now();
    db.prepare(
      `INSERT INTO analytics_areas (id, uidd, name, name_key, kind, points, created_at, updated_at)
        VALUES (?, ?, ?, ?, 'line', '[[0.5,0.98],[0.5,0.02]]', ?, ?)`,
    ).run(id, uidd, lineName, lineName.toLowerCase(), now, now);
    const insert = db.prepare(
      `INSERT INTO analytics_line_counts (uidd, area_id, object_class, direction, hour_start, crossings)
        VALUES (?, ?, ?, ?, ?, ?)`,
    );
    for (const c of counts)
      insert.run(uidd, id, c.objectClass ?? 'person', c.direction, c.hourStart, c.count);
  } finally {
    db.close();
  }
}

import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../testing/harness.ts';
import { unheldLeases } from './leases-repository.ts';

/**
 * The health screen's poll of the cameras no lease holds (decision 0855) is an index lookup on PostgreSQL (fleets
 * run on it only): 20,000 leases, all but three held, analysed as a live table would be; its plan reads the two
 * indexes and never the whole table.
 */
describe('unheld leases use the expiry index [postgres]', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp('postgres', { ROLE: 'server', DATABASE_URL: 'postgres://unused/x' });
  });
  afterAll(async () => {
    await t.app.close();
    await t.db.destroy();
  });

  it('plans a bitmap OR of camera_leases_recorder and camera_leases_expiry, with no sequential scan', async () => {
    // Held for an hour by one recorder, except one free, one expired a minute ago and one expired long ago.
    await sql`
      INSERT INTO camera_leases (camera_uidd, recorder_id, expires_at, acquired_at)
      SELECT 'u' || g || '.cam', CASE WHEN g = 1 THEN NULL ELSE 'r1' END,
             CASE WHEN g = 1 THEN 0 WHEN g = 2 THEN (extract(epoch from now()) * 1000)::bigint - 60000
                  WHEN g = 3 THEN 1 ELSE (extract(epoch from now()) * 1000)::bigint + 3600000 END,
             0
      FROM generate_series(1, 20000) AS g`.execute(t.db.db);
    await sql`ANALYZE camera_leases`.execute(t.db.db);

    const count = await unheldLeases(t.db.db)
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .executeTakeFirstOrThrow();
    expect(Number(count.n)).toBe(3);
    const plan = await unheldLeases(t.db.db)
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .explain<{ 'QUERY PLAN': string }>();
    const text = plan.map((r) => r['QUERY PLAN']).join('\n');
    expect(text).toContain('camera_leases_expiry');
    expect(text).toContain('camera_leases_recorder');
    expect(text).not.toContain('Seq Scan');
  });
});

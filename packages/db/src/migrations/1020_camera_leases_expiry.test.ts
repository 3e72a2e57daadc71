import { sql } from 'kysely';
import { afterEach, describe, expect, it } from 'vitest';
import { createTestDb, migratorOf, TEST_DB_KINDS, type TestDb } from '../testing.ts';
import * as m1020 from './1020_camera_leases_expiry.ts';

/** The names of camera_leases' indexes, as each database's catalogue lists them. */
async function indexesOfLeases(db: TestDb): Promise<string[]> {
  const q =
    db.kind === 'sqlite'
      ? sql<{
          name: string;
        }>`select name from sqlite_master where type = 'index' and tbl_name = 'camera_leases' and name not like 'sqlite_%' order by name`
      : sql<{
          name: string;
        }>`select indexname as name from pg_indexes where tablename = 'camera_leases' and indexname <> 'camera_leases_pkey' order by indexname`;
  return (await q.execute(db.db)).rows.map((r) => r.name);
}

describe.each(TEST_DB_KINDS)('migration 1020_camera_leases_expiry [%s]', (kind) => {
  let db: TestDb | undefined;
  afterEach(() => db?.destroy());

  it('indexes the leases by expiry; down drops only that index', async () => {
    db = await createTestDb(kind, { migrate: false });
    const migrator = migratorOf(db.db);
    expect((await migrator.migrateTo('0990_brand_footer')).error).toBeUndefined();
    expect(await indexesOfLeases(db)).toEqual(['camera_leases_recorder']);
    expect((await migrator.migrateTo('1020_camera_leases_expiry')).error).toBeUndefined();
    expect(await indexesOfLeases(db)).toEqual(['camera_leases_expiry', 'camera_leases_recorder']);
    await m1020.down(db.db);
    expect(await indexesOfLeases(db)).toEqual(['camera_leases_recorder']);
  });
});

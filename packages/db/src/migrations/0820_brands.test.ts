import { sql } from 'kysely';
import { afterEach, describe, expect, it } from 'vitest';
import { createTestDb, migratorOf, TEST_DB_KINDS, type TestDb } from '../testing.ts';
import * as m0820 from './0820_brands.ts';

describe.each(TEST_DB_KINDS)('migration 0820_brands [%s]', (kind) => {
  let db: TestDb | undefined;
  afterEach(() => db?.destroy());

  it('seeds the main brand, keeps one brand per host, drops hosts with their brand; down drops every table', async () => {
    // The schema as this migration left it: later ones refer to its tables (0891's user_brands).
    db = await createTestDb(kind, { migrate: false });
    const migrator = migratorOf(db.db);
    expect((await migrator.migrateTo('0820_brands')).error).toBeUndefined();
    const main = await db.db.selectFrom('brands').selectAll().execute();
    expect(main).toHaveLength(1);
    expect(main[0]).toMatchObject({
      id: 'vigil',
      name: 'Vigil',
      main_brand: 1,
      can_register: 1,
      can_sell_hardware: 1,
      full_white_label: 0,
      sso_providers: '[]',
      theme: '{}',
      terms_md: null,
    });
    // Only what has no default: the flags default to a plain partner brand's.
    await sql`insert into brands (id, name, updated_at) values ('acme', 'Acme', 5)`.execute(db.db);
    const acme = await db.db.selectFrom('brands').selectAll().where('id', '=', 'acme').executeTakeFirst();
    expect(acme).toMatchObject({ main_brand: 0, can_register: 1, can_sell_hardware: 0, analytics: 1 });
    await db.db
      .insertInto('brand_hosts')
      .values([
        { host: 'cams.acme.test', brand_id: 'acme' },
        { host: 'acme.test', brand_id: 'acme' },
      ])
      .execute();
    await expect(
      db.db.insertInto('brand_hosts').values({ host: 'acme.test', brand_id: 'vigil' }).execute(),
    ).rejects.toThrow();
    const asset = {
      owner: 'b:acme',
      name: 'logo.png',
      content_type: 'image/png',
      data: 'AA==',
      sha256: 'x',
      updated_at: 1,
    };
    await db.db.insertInto('brand_assets').values(asset).execute();
    await expect(db.db.insertInto('brand_assets').values(asset).execute()).rejects.toThrow();

    const theme = { installer_id: 'fit-1', theme: '{}', updated_at: 1 };
    await db.db.insertInto('installer_themes').values(theme).execute();
    await expect(db.db.insertInto('installer_themes').values(theme).execute()).rejects.toThrow();

    await db.db.deleteFrom('brands').where('id', '=', 'acme').execute();
    expect(await db.db.selectFrom('brand_hosts').selectAll().execute()).toEqual([]);

    await m0820.down(db.db);
    await expect(db.db.selectFrom('brands').selectAll().execute()).rejects.toThrow();
    await expect(db.db.selectFrom('installer_themes').selectAll().execute()).rejects.toThrow();
  });
});

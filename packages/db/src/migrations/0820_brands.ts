import type { Kysely } from 'kysely';

// Frozen: never edit a migration that has shipped; add a new one. Imports nothing from the app.
// Numbered after its decision (0820): white-label brands as data, per host, with installers' overrides.
// biome-ignore lint/suspicious/noExplicitAny: migrations run against whatever schema exists at their time
export async function up(db: Kysely<any>): Promise<void> {
  // Flags as integers 0/1 (one schema on both dialects); defaults are a plain partner brand's.
  let brands = db.schema
    .createTable('brands')
    .addColumn('id', 'varchar(64)', (c) => c.primaryKey())
    .addColumn('name', 'varchar(120)', (c) => c.notNull());
  for (const [name, d] of [
    ['main_brand', 0],
    ['can_register', 1],
    ['can_sell_hardware', 0],
    ['full_white_label', 0],
    ['hide_portal_link', 0],
    ['named_partner', 0],
    ['takeaway_vendor', 0],
    ['analytics', 1],
    ['analytics_in_demo', 0],
  ] as const)
    brands = brands.addColumn(name, 'integer', (c) => c.notNull().defaultTo(d));
  await brands
    .addColumn('sso_providers', 'text', (c) => c.notNull().defaultTo('[]'))
    .addColumn('return_link', 'text')
    .addColumn('product_updates_url', 'text')
    .addColumn('terms_url', 'text')
    .addColumn('privacy_url', 'text')
    .addColumn('theme', 'text', (c) => c.notNull().defaultTo('{}'))
    .addColumn('terms_md', 'text')
    .addColumn('privacy_md', 'text')
    .addColumn('updated_at', 'bigint', (c) => c.notNull())
    .execute();
  await db.schema
    .createTable('brand_hosts')
    .addColumn('host', 'varchar(253)', (c) => c.primaryKey())
    .addColumn('brand_id', 'varchar(64)', (c) => c.notNull().references('brands.id').onDelete('cascade'))
    .execute();
  await db.schema.createIndex('brand_hosts_brand').on('brand_hosts').column('brand_id').execute();
  await db.schema
    .createTable('brand_assets')
    .addColumn('owner', 'varchar(80)', (c) => c.notNull())
    .addColumn('name', 'varchar(40)', (c) => c.notNull())
    .addColumn('content_type', 'varchar(40)', (c) => c.notNull())
    .addColumn('data', 'text', (c) => c.notNull())
    .addColumn('sha256', 'varchar(64)', (c) => c.notNull())
    .addColumn('updated_at', 'bigint', (c) => c.notNull())
    .addPrimaryKeyConstraint('brand_assets_pk', ['owner', 'name'])
    .execute();
  await db.schema
    .createTable('installer_themes')
    .addColumn('installer_id', 'varchar(64)', (c) =>
      c.primaryKey().references('partners.id').onDelete('cascade'),
    )
    .addColumn('theme', 'text', (c) => c.notNull())
    .addColumn('updated_at', 'bigint', (c) => c.notNull())
    .execute();
  // The main brand, whose flags are the product's own; every host no brand names gets it (decision 0820).
  await db
    .insertInto('brands')
    .values({
      id: 'vigil',
      name: 'Vigil',
      main_brand: 1,
      can_register: 1,
      can_sell_hardware: 1,
      analytics: 1,
      product_updates_url: 'https://github.com/',
      updated_at: 0,
    })
    .execute();
}

// biome-ignore lint/suspicious/noExplicitAny: see up()
export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('installer_themes').execute();
  await db.schema.dropTable('brand_assets').execute();
  await db.schema.dropTable('brand_hosts').execute();
  await db.schema.dropTable('brands').execute();
}

import { afterEach, describe, expect, it } from 'vitest';
import { createTestDb, migratorOf, TEST_DB_KINDS, type TestDb, testUserRow } from '../testing.ts';
import * as m0900 from './0900_customer_prices.ts';

describe.each(TEST_DB_KINDS)('migration 0900_customer_prices [%s]', (kind) => {
  let db: TestDb | undefined;
  afterEach(() => db?.destroy());

  it('keeps one price per customer and currency, gone with the account; down drops the table', async () => {
    db = await createTestDb(kind, { migrate: false });
    const migrator = migratorOf(db.db);
    expect((await migrator.migrateTo('0900_customer_prices')).error).toBeUndefined();
    await db.db.insertInto('users').values(testUserRow('u1')).execute();
    const row = { customer_uid: 'u1', currency: 'GBP', percent: 110, updated_by: 'i1', updated_at: 1 };
    await db.db.insertInto('customer_prices').values(row).execute();
    await db.db
      .insertInto('customer_prices')
      .values({ ...row, currency: 'EUR' })
      .execute();
    await expect(db.db.insertInto('customer_prices').values(row).execute()).rejects.toThrow();
    await db.db.deleteFrom('users').where('uid', '=', 'u1').execute();
    expect(await db.db.selectFrom('customer_prices').selectAll().execute()).toEqual([]);
    await m0900.down(db.db);
    await expect(db.db.selectFrom('customer_prices').selectAll().execute()).rejects.toThrow();
  });
});

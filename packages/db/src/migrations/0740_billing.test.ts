import { afterEach, describe, expect, it } from 'vitest';
import { createTestDb, migratorOf, TEST_DB_KINDS, type TestDb, testUserRow } from '../testing.ts';
import * as m0740 from './0740_billing.ts';

describe.each(TEST_DB_KINDS)('migration 0740_billing [%s]', (kind) => {
  let db: TestDb | undefined;
  afterEach(() => db?.destroy());

  it('keeps one subscription per owner, invoices gone with the account; down drops the tables', async () => {
    // The schema as this migration left it: later ones add to its tables and refer to them (0820, 0870).
    db = await createTestDb(kind, { migrate: false });
    const migrator = migratorOf(db.db);
    expect((await migrator.migrateTo('0740_billing')).error).toBeUndefined();
    await db.db.insertInto('users').values(testUserRow('u1')).execute();
    const sub = {
      uid: 'u1',
      plan: '{}',
      price: '{}',
      currency: 'GBP',
      state: 'active' as const,
      period_start: 1_000,
      period_end: 2_000,
      provider: 'test',
      created_at: 1_000,
      updated_at: 1_000,
    };
    await db.db.insertInto('subscriptions').values(sub).execute();
    await expect(db.db.insertInto('subscriptions').values(sub).execute()).rejects.toThrow();
    const invoice = {
      id: 'i1',
      uid: 'u1',
      plan: '{}',
      price: '{}',
      status: 'paid' as const,
      provider: 'test',
      provider_ref: 'ch_1',
      kind: 'subscription' as const,
      created_at: 1_000,
      paid_at: 1_500,
    };
    await db.db.insertInto('invoices').values(invoice).execute();
    expect(await db.db.selectFrom('invoices').selectAll().execute()).toEqual([invoice]);
    await db.db.deleteFrom('users').where('uid', '=', 'u1').execute();
    expect(await db.db.selectFrom('subscriptions').selectAll().execute()).toEqual([]);
    expect(await db.db.selectFrom('invoices').selectAll().execute()).toEqual([]);

    await m0740.down(db.db);
    await expect(db.db.selectFrom('billing_quotes').selectAll().execute()).rejects.toThrow();
  });
});

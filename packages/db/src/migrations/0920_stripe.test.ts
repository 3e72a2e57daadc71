import { afterEach, describe, expect, it } from 'vitest';
import { createTestDb, migratorOf, TEST_DB_KINDS, type TestDb, testUserRow } from '../testing.ts';
import * as m0920 from './0920_stripe.ts';
import * as m0921 from './0921_paypal_orders.ts';

const invoice = {
  id: 'inv1',
  uid: 'u1',
  plan: '{}',
  price: '{}',
  status: 'open' as const,
  provider: 'stripe',
  provider_ref: null,
  kind: 'subscription' as const,
  created_at: 1,
  paid_at: null,
  number: 1,
  card_last4: null,
};

describe.each(TEST_DB_KINDS)('migrations 0920_stripe, 0921_paypal_orders [%s]', (kind) => {
  let db: TestDb | undefined;
  afterEach(() => db?.destroy());

  it('keeps one customer per account, one row per event, checkouts and orders go with their invoice; down drops them', async () => {
    db = await createTestDb(kind, { migrate: false });
    const migrator = migratorOf(db.db);
    expect((await migrator.migrateTo('0921_paypal_orders')).error).toBeUndefined();
    await db.db.insertInto('users').values(testUserRow('u1')).execute();
    await db.db.insertInto('invoices').values(invoice).execute();
    await db.db
      .insertInto('stripe_customers')
      .values({ uid: 'u1', customer_id: 'cus_1', created_at: 1 })
      .execute();
    await expect(
      db.db
        .insertInto('stripe_customers')
        .values({ uid: 'u1', customer_id: 'cus_2', created_at: 2 })
        .execute(),
    ).rejects.toThrow();
    const event = { id: 'evt_1', type: 'checkout.session.completed', received_at: 3 };
    await db.db.insertInto('stripe_events').values(event).execute();
    await expect(db.db.insertInto('stripe_events').values(event).execute()).rejects.toThrow();
    await db.db
      .insertInto('stripe_checkouts')
      .values({ session_id: 'cs_1', invoice_id: 'inv1', uid: 'u1', created_at: 4 })
      .execute();
    await db.db
      .insertInto('paypal_orders')
      .values({ token: 'STANDIN-1', invoice_id: 'inv1', captured_ref: null, created_at: 5 })
      .execute();
    await db.db.deleteFrom('invoices').where('id', '=', 'inv1').execute();
    expect(await db.db.selectFrom('stripe_checkouts').selectAll().execute()).toEqual([]);
    expect(await db.db.selectFrom('paypal_orders').selectAll().execute()).toEqual([]);

    await m0921.down(db.db);
    await m0920.down(db.db);
    await expect(db.db.selectFrom('paypal_orders').selectAll().execute()).rejects.toThrow();
    await expect(db.db.selectFrom('stripe_customers').selectAll().execute()).rejects.toThrow();
    await expect(db.db.selectFrom('stripe_events').selectAll().execute()).rejects.toThrow();
  });
});

import { afterEach, describe, expect, it } from 'vitest';
import { createTestDb, TEST_DB_KINDS, type TestDb, testUserRow } from '../testing.ts';
import * as m0870 from './0870_billing_more.ts';

const invoice = (id: string, createdAt: number) => ({
  id,
  uid: 'u1',
  plan: '{}',
  price: '{}',
  status: 'paid' as const,
  provider: 'test',
  provider_ref: null,
  kind: 'subscription' as const,
  created_at: createdAt,
  paid_at: null,
});

describe.each(TEST_DB_KINDS)('migration 0870_billing_more [%s]', (kind) => {
  let db: TestDb | undefined;
  afterEach(() => db?.destroy());

  it('numbers old invoices in order, keeps numbers unique, consents go with the account; down undoes it', async () => {
    db = await createTestDb(kind);
    await db.db
      .insertInto('users')
      .values([testUserRow('u1'), testUserRow('d1', 'd')])
      .execute();
    await m0870.down(db.db);
    await db.db
      .insertInto('invoices')
      .values([invoice('b', 2_000), invoice('a', 1_000)])
      .execute();
    await m0870.up(db.db);
    const rows = await db.db.selectFrom('invoices').select(['id', 'number']).orderBy('id').execute();
    expect(rows).toEqual([
      { id: 'a', number: 1 },
      { id: 'b', number: 2 },
    ]);
    await expect(
      db.db
        .insertInto('invoices')
        .values({ ...invoice('c', 3_000), number: 2, card_last4: '4242' })
        .execute(),
    ).rejects.toThrow();

    const consent = { uid: 'u1', ai_training: 1, partner_demo: 0, updated_by: 'u1', updated_at: 5 };
    await db.db.insertInto('account_consents').values(consent).execute();
    expect(await db.db.selectFrom('account_consents').selectAll().execute()).toEqual([consent]);
    await db.db
      .insertInto('partners')
      .values({
        id: 'acme-1',
        kind: 'd',
        uid: 'd1',
        parent_id: null,
        company: 'Acme',
        company_key: 'acme',
        suspended_at: null,
        created_at: 1,
      })
      .execute();
    const list = { installer_id: 'acme-1', currency: 'GBP', percent: 90, updated_by: 'd1', updated_at: 5 };
    await db.db.insertInto('partner_price_lists').values(list).execute();
    await expect(db.db.insertInto('partner_price_lists').values(list).execute()).rejects.toThrow();
    await db.db.deleteFrom('users').where('uid', '=', 'u1').execute();
    expect(await db.db.selectFrom('account_consents').selectAll().execute()).toEqual([]);

    await m0870.down(db.db);
    await expect(db.db.selectFrom('account_consents').selectAll().execute()).rejects.toThrow();
    await expect(db.db.selectFrom('partner_price_lists').selectAll().execute()).rejects.toThrow();
  });
});

import { afterEach, describe, expect, it } from 'vitest';
import { createTestDb, migratorOf, TEST_DB_KINDS, type TestDb, testUserRow as user } from '../testing.ts';
import * as m0720 from './0720_partners.ts';

describe.each(TEST_DB_KINDS)('migration 0720_partners [%s]', (kind) => {
  let db: TestDb | undefined;
  afterEach(() => db?.destroy());

  it('keeps one partner per company and per account, customers under one installer; down drops both', async () => {
    // The schema as this migration left it: later ones add to its tables and refer to them (0820, 0870).
    db = await createTestDb(kind, { migrate: false });
    const migrator = migratorOf(db.db);
    expect((await migrator.migrateTo('0720_partners')).error).toBeUndefined();
    await db.db
      .insertInto('users')
      .values([user('d1', 'd'), user('i1', 'i'), user('c1', 'u')])
      .execute();
    const dist = {
      id: 'acme-abc123',
      kind: 'd' as const,
      uid: 'd1',
      parent_id: null,
      company: 'Acme',
      company_key: 'acme',
      suspended_at: null,
      created_at: 1,
    };
    await db.db.insertInto('partners').values(dist).execute();
    await expect(
      db.db
        .insertInto('partners')
        .values({ ...dist, id: 'acme-2', uid: 'i1' })
        .execute(),
    ).rejects.toThrow();
    const inst = {
      ...dist,
      id: 'fit-1',
      kind: 'i' as const,
      uid: 'i1',
      parent_id: dist.id,
      company_key: 'fit',
    };
    await db.db.insertInto('partners').values(inst).execute();
    const customer = { uid: 'c1', installer_id: 'fit-1', company: 'Bakery', created_at: 2 };
    await db.db.insertInto('partner_customers').values(customer).execute();
    await expect(db.db.insertInto('partner_customers').values(customer).execute()).rejects.toThrow();
    expect(await db.db.selectFrom('partner_customers').selectAll().execute()).toEqual([customer]);
    await db.db.deleteFrom('users').where('uid', '=', 'c1').execute();
    expect(await db.db.selectFrom('partner_customers').selectAll().execute()).toEqual([]);

    await m0720.down(db.db);
    await expect(db.db.selectFrom('partners').selectAll().execute()).rejects.toThrow();
  });
});

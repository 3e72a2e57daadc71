import { afterEach, describe, expect, it } from 'vitest';
import { migrateToLatest } from '../index.ts';
import { createTestDb, migratorOf, TEST_DB_KINDS, type TestDb } from '../testing.ts';

describe.each(TEST_DB_KINDS)('migration 0009_auth_security [%s]', (kind) => {
  let db: TestDb | undefined;
  afterEach(() => db?.destroy());

  it('counts accounts made before it as verified, new ones not; down removes the column and table', async () => {
    db = await createTestDb(kind, { migrate: false });
    const migrator = migratorOf(db.db);
    expect((await migrator.migrateTo('0008_motion')).error).toBeUndefined();
    // Written as the schema was then: no email_verified_at column.
    await db.db
      .insertInto('users')
      .values({
        uid: 'old',
        email: 'old@example.com',
        account_type: 'u',
        region: 'local',
        created_at: 1_234,
      } as never)
      .execute();

    await migrateToLatest(db.db);
    await db.db
      .insertInto('users')
      .values({
        uid: 'new',
        email: 'new@example.com',
        account_type: 'u',
        region: 'local',
        created_at: 5_000,
      } as never)
      .execute();
    const rows = await db.db
      .selectFrom('users')
      .select(['uid', 'email_verified_at'])
      .orderBy('uid')
      .execute();
    expect(
      rows.map((r) => ({ ...r, email_verified_at: r.email_verified_at && Number(r.email_verified_at) })),
    ).toEqual([
      { uid: 'new', email_verified_at: null },
      { uid: 'old', email_verified_at: 1_234 },
    ]);
    await db.db
      .insertInto('email_verifications')
      .values({
        token_hash: 'h',
        uid: 'new',
        email: 'new@example.com',
        created_at: 5_000,
        expires_at: 9_000,
        used_at: null,
      })
      .execute();

    expect((await migrator.migrateTo('0008_motion')).error).toBeUndefined();
    const after = await db.db.selectFrom('users').selectAll().where('uid', '=', 'old').executeTakeFirst();
    expect(after && 'email_verified_at' in after).toBe(false);
  });
});

import { sql } from 'kysely';
import { afterEach, describe, expect, it } from 'vitest';
import { migrateToLatest } from '../index.ts';
import { createTestDb, migratorOf, TEST_DB_KINDS, type TestDb, testUserRow } from '../testing.ts';

describe.each(TEST_DB_KINDS)('migration 0830_sso_identities [%s]', (kind) => {
  let db: TestDb | undefined;
  afterEach(() => db?.destroy());

  it('keys identities by issuer and subject, drops them with their user, one nonce per issuer, and down drops the tables', async () => {
    db = await createTestDb(kind, { migrate: false });
    await migrateToLatest(db.db);
    await db.db
      .insertInto('users')
      .values([testUserRow('u1'), testUserRow('u2')])
      .execute();
    const identity = {
      issuer: 'https://idp.example.com',
      subject: 'alice',
      uid: 'u1',
      provider: 'corp',
      email: 'alice@example.com',
      organisation: null,
      created_at: 1,
      last_login_at: null,
    };
    await db.db.insertInto('sso_identities').values(identity).execute();
    // One identity is one user's: the same (issuer, subject) for another user is refused.
    await expect(
      db.db
        .insertInto('sso_identities')
        .values({ ...identity, uid: 'u2' })
        .execute(),
    ).rejects.toThrow();
    // The same subject at another issuer is another identity.
    await db.db
      .insertInto('sso_identities')
      .values({ ...identity, issuer: 'https://other.example.com', uid: 'u2' })
      .execute();
    await db.db.deleteFrom('users').where('uid', '=', 'u1').execute();
    const left = await db.db.selectFrom('sso_identities').select(['issuer', 'uid']).execute();
    expect(left).toEqual([{ issuer: 'https://other.example.com', uid: 'u2' }]);

    const nonce = { issuer: 'https://idp.example.com', nonce: 'n1', expires_at: 5 };
    await db.db.insertInto('sso_nonces').values(nonce).execute();
    await expect(db.db.insertInto('sso_nonces').values(nonce).execute()).rejects.toThrow();

    const migrator = migratorOf(db.db);
    expect((await migrator.migrateTo('0820_brands')).error).toBeUndefined();
    for (const table of ['sso_identities', 'sso_requests', 'sso_nonces', 'sso_series'])
      await expect(sql`select 1 from ${sql.table(table)}`.execute(db.db)).rejects.toThrow();
  });
});

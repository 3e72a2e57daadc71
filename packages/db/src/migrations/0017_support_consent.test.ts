import { afterEach, describe, expect, it } from 'vitest';
import { createTestDb, TEST_DB_KINDS, type TestDb, testUserRow } from '../testing.ts';
import * as m0017 from './0017_support_consent.ts';

describe.each(TEST_DB_KINDS)('migration 0017_support_consent [%s]', (kind) => {
  let db: TestDb | undefined;
  afterEach(() => db?.destroy());

  it('keeps one grant per account, gone with the account; down drops the table', async () => {
    db = await createTestDb(kind);
    await db.db.insertInto('users').values(testUserRow('u1')).execute();
    const grant = { account_uid: 'u1', granted_by: 'u1', granted_at: 1_000, expires_at: 3_601_000 };
    await db.db.insertInto('support_grants').values(grant).execute();
    await expect(db.db.insertInto('support_grants').values(grant).execute()).rejects.toThrow();
    expect(await db.db.selectFrom('support_grants').selectAll().execute()).toEqual([grant]);
    await db.db.deleteFrom('users').where('uid', '=', 'u1').execute();
    expect(await db.db.selectFrom('support_grants').selectAll().execute()).toEqual([]);

    await m0017.down(db.db);
    await expect(db.db.selectFrom('support_grants').selectAll().execute()).rejects.toThrow();
  });
});

import { sql } from 'kysely';
import { afterEach, describe, expect, it } from 'vitest';
import { migrateToLatest } from '../index.ts';
import {
  createTestDb,
  migratorOf,
  TEST_DB_KINDS,
  type TestDb,
  testCameraRow,
  testUserRow,
} from '../testing.ts';

describe.each(TEST_DB_KINDS)('migration 0910_notification_deliveries [%s]', (kind) => {
  let db: TestDb | undefined;
  afterEach(() => db?.destroy());

  it('keeps one send per person, camera and kind, gone with either; one state per alert; down drops both', async () => {
    db = await createTestDb(kind, { migrate: false });
    await migrateToLatest(db.db);
    await db.db
      .insertInto('users')
      .values([testUserRow('u1'), testUserRow('u2')])
      .execute();
    await db.db
      .insertInto('cameras')
      .values(testCameraRow('u1') as never)
      .execute();
    const send = (user: string, at: number, kind: 'motion' | 'rule' = 'rule') => ({
      user_uid: user,
      uidd: 'u1.cam',
      kind,
      last_sent_at: at,
    });
    await db.db
      .insertInto('notification_sends')
      .values([send('u1', 1), send('u2', 2), send('u2', 2, 'motion')])
      .execute();
    await expect(db.db.insertInto('notification_sends').values(send('u2', 3)).execute()).rejects.toThrow();
    await db.db.deleteFrom('users').where('uid', '=', 'u2').execute();
    expect(await db.db.selectFrom('notification_sends').select(['user_uid', 'kind']).execute()).toEqual([
      { user_uid: 'u1', kind: 'rule' },
    ]);
    await db.db.deleteFrom('cameras').where('uidd', '=', 'u1.cam').execute();
    expect(await db.db.selectFrom('notification_sends').selectAll().execute()).toEqual([]);

    await db.db
      .insertInto('health_alert_states')
      .values({ alert_key: 'nats_down', firing: 1, changed_at: 5 })
      .execute();
    await expect(
      db.db
        .insertInto('health_alert_states')
        .values({ alert_key: 'nats_down', firing: 0, changed_at: 6 })
        .execute(),
    ).rejects.toThrow();

    const migrator = migratorOf(db.db);
    expect((await migrator.migrateTo('0891_user_brand')).error).toBeUndefined();
    await expect(sql`select 1 from notification_sends`.execute(db.db)).rejects.toThrow();
    await expect(sql`select 1 from health_alert_states`.execute(db.db)).rejects.toThrow();
  });
});

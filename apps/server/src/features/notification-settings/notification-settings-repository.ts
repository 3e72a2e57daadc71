import type { CameraNotificationSettingsTable, Db } from '@vigil/db';

export type NotificationRow = CameraNotificationSettingsTable;

/** SQL for each person's notification settings per camera (decision 0707). */
export class NotificationSettingsRepository {
  readonly #db: Db;
  constructor(db: Db) {
    this.#db = db;
  }

  find(uidd: string, userUid: string): Promise<NotificationRow | undefined> {
    return this.#db
      .selectFrom('camera_notification_settings')
      .selectAll()
      .where('uidd', '=', uidd)
      .where('user_uid', '=', userUid)
      .executeTakeFirst();
  }

  /** Writes the whole row (insert, or replace the person's settings for the camera). */
  async put(row: NotificationRow): Promise<void> {
    await this.#db.transaction().execute(async (trx) => {
      await trx
        .deleteFrom('camera_notification_settings')
        .where('uidd', '=', row.uidd)
        .where('user_uid', '=', row.user_uid)
        .execute();
      await trx.insertInto('camera_notification_settings').values(row).execute();
    });
  }
}

import type { Db, NotificationSendsTable } from '@vigil/db';

export type NotificationKind = NotificationSendsTable['kind'];

/** SQL for the notifications' rate limit (decision 0710): when each person was last told about a camera. */
export class SendsRepository {
  readonly #db: Db;
  constructor(db: Db) {
    this.#db = db;
  }

  /**
   * Takes the right to tell this person about this camera now, once per window: true when their last notice of this
   * kind is older than the window (or there is none). One statement each way, so two servers told of one event
   * cannot both take it (the loser's update finds the new time, its insert the primary key).
   */
  async claim(userUid: string, uidd: string, kind: NotificationKind, now: number, windowMs: number) {
    const moved = await this.#db
      .updateTable('notification_sends')
      .set({ last_sent_at: now })
      .where('user_uid', '=', userUid)
      .where('uidd', '=', uidd)
      .where('kind', '=', kind)
      .where('last_sent_at', '<=', now - windowMs)
      .executeTakeFirst();
    if (Number(moved.numUpdatedRows) === 1) return true;
    try {
      await this.#db
        .insertInto('notification_sends')
        .values({ user_uid: userUid, uidd, kind, last_sent_at: now })
        .execute();
      return true;
    } catch {
      // The row exists and is within the window (or the camera is gone meanwhile): not this time.
      return false;
    }
  }
}

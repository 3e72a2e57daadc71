import type { Db } from '@vigil/db';

/** SQL for the health alerts' last told states (decision 0711): one row per alert key, 1 firing, 0 resolved. */
export class AlertStatesRepository {
  readonly #db: Db;
  constructor(db: Db) {
    this.#db = db;
  }

  /**
   * Takes the telling of a change: true when this call moved the alert's state (from the other state, or from no
   * row for a start), false when another server told it first or there is nothing to tell (a resolve never told
   * started). One statement each way, so of several servers evaluating the same rule one tells.
   */
  async claim(key: string, firing: boolean, now: number): Promise<boolean> {
    const moved = await this.#db
      .updateTable('health_alert_states')
      .set({ firing: firing ? 1 : 0, changed_at: now })
      .where('alert_key', '=', key)
      .where('firing', '=', firing ? 0 : 1)
      .executeTakeFirst();
    if (Number(moved.numUpdatedRows) === 1) return true;
    if (!firing) return false;
    try {
      await this.#db
        .insertInto('health_alert_states')
        .values({ alert_key: key, firing: 1, changed_at: now })
        .execute();
      return true;
    } catch {
      return false;
    }
  }
}

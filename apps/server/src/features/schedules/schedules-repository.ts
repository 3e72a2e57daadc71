import type { CameraSchedulesTable, Db } from '@vigil/db';

export type ScheduleRow = CameraSchedulesTable;

/** SQL for camera schedules; knows nothing of HTTP or of who asks. */
export class SchedulesRepository {
  readonly #db: Db;
  constructor(db: Db) {
    this.#db = db;
  }

  list(uidds: readonly string[]): Promise<ScheduleRow[]> {
    if (uidds.length === 0) return Promise.resolve([]);
    return this.#db
      .selectFrom('camera_schedules')
      .selectAll()
      .where('uidd', 'in', [...uidds])
      .orderBy('uidd')
      .orderBy('category')
      .orderBy('day_of_week')
      .orderBy('local_time')
      .execute();
  }

  /** Every entry of a category, for the scheduler. */
  listCategory(category: string): Promise<ScheduleRow[]> {
    return this.#db.selectFrom('camera_schedules').selectAll().where('category', '=', category).execute();
  }

  /** Sets the entries at `localTime` on these days (replacing their action), removing those at `replace`. */
  async put(
    key: { uidd: string; category: string; days: readonly number[] },
    localTime: string,
    action: string,
    now: number,
    replace?: string,
  ): Promise<void> {
    await this.#db.transaction().execute(async (trx) => {
      const times = replace === undefined ? [localTime] : [localTime, replace];
      await trx
        .deleteFrom('camera_schedules')
        .where('uidd', '=', key.uidd)
        .where('category', '=', key.category)
        .where('day_of_week', 'in', [...key.days])
        .where('local_time', 'in', times)
        .execute();
      await trx
        .insertInto('camera_schedules')
        .values(
          key.days.map((d) => ({
            uidd: key.uidd,
            category: key.category,
            day_of_week: d,
            local_time: localTime,
            action,
            created_at: now,
          })),
        )
        .execute();
    });
  }

  async remove(
    key: { uidd: string; category: string; days: readonly number[] },
    localTime: string,
  ): Promise<number> {
    const r = await this.#db
      .deleteFrom('camera_schedules')
      .where('uidd', '=', key.uidd)
      .where('category', '=', key.category)
      .where('day_of_week', 'in', [...key.days])
      .where('local_time', '=', localTime)
      .executeTakeFirst();
    return Number(r.numDeletedRows);
  }
}

import type { Db, PlateWatchEntriesTable } from '@vigil/db';

export type WatchEntryRow = PlateWatchEntriesTable;

/** SQL for an account's plate allow and deny lists (decision 0796). */
export class WatchListsRepository {
  readonly #db: Db;
  constructor(db: Db) {
    this.#db = db;
  }

  entries(owner: string): Promise<WatchEntryRow[]> {
    return this.#db
      .selectFrom('plate_watch_entries')
      .selectAll()
      .where('owner_uid', '=', owner)
      .orderBy('list')
      .orderBy('plate')
      .execute();
  }

  /** A plate onto a list; one already there keeps its place and takes the new note. */
  async put(row: WatchEntryRow): Promise<void> {
    await this.#db
      .insertInto('plate_watch_entries')
      .values(row)
      .onConflict((oc) => oc.columns(['owner_uid', 'list', 'plate']).doUpdateSet({ note: row.note }))
      .execute();
  }

  /** False when the plate was not on the list. */
  async remove(owner: string, list: string, plate: string): Promise<boolean> {
    const r = await this.#db
      .deleteFrom('plate_watch_entries')
      .where('owner_uid', '=', owner)
      .where('list', '=', list)
      .where('plate', '=', plate)
      .executeTakeFirst();
    return Number(r.numDeletedRows) > 0;
  }
}

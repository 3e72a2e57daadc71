import type { Uidd } from '@vigil/contracts';
import type { Db } from '@vigil/db';

/** The states people are told about (status-changes.ts's NoticedState). */
type NoticedState = 'online' | 'offline';

/** A camera's state as last told (decision 0874). */
export interface StoredNotice {
  state: NoticedState;
  since: number;
  version: number;
}

/** Where the told states live; StatusChanges runs without one (then memory only, as before 0874). */
export interface NoticeStore {
  load(uidds: readonly Uidd[]): Promise<ReadonlyMap<Uidd, StoredNotice>>;
  /** Records a camera's first known state unless a row exists; answers the row as stored (this one or the other). */
  first(uidd: Uidd, state: NoticedState, since: number, now: number): Promise<StoredNotice | undefined>;
  /** Moves the row from `version` to the new state; true when this call did (so this process tells the change). */
  move(uidd: Uidd, version: number, state: NoticedState, since: number, now: number): Promise<boolean>;
}

/** Rows read per statement (a recorder's cameras in a few queries, within every database's parameter limit). */
const CHUNK = 500;

/** SQL of the told online/offline states (table camera_status_notices, migration 1000). */
export class StatusNoticesRepository implements NoticeStore {
  readonly #db: Db;
  constructor(db: Db) {
    this.#db = db;
  }

  async load(uidds: readonly Uidd[]): Promise<ReadonlyMap<Uidd, StoredNotice>> {
    const out = new Map<Uidd, StoredNotice>();
    for (let i = 0; i < uidds.length; i += CHUNK) {
      const rows = await this.#db
        .selectFrom('camera_status_notices')
        .select(['uidd', 'state', 'since', 'version'])
        .where('uidd', 'in', uidds.slice(i, i + CHUNK))
        .execute();
      for (const r of rows)
        out.set(r.uidd as Uidd, { state: r.state, since: Number(r.since), version: Number(r.version) });
    }
    return out;
  }

  async first(
    uidd: Uidd,
    state: NoticedState,
    since: number,
    now: number,
  ): Promise<StoredNotice | undefined> {
    await this.#db
      .insertInto('camera_status_notices')
      .values({ uidd, state, since, version: 0, changed_at: now })
      .onConflict((oc) => oc.column('uidd').doNothing())
      .execute();
    return (await this.load([uidd])).get(uidd);
  }

  async move(uidd: Uidd, version: number, state: NoticedState, since: number, now: number): Promise<boolean> {
    const r = await this.#db
      .updateTable('camera_status_notices')
      .set({ state, since, version: version + 1, changed_at: now })
      .where('uidd', '=', uidd)
      .where('version', '=', version)
      .executeTakeFirst();
    return Number(r.numUpdatedRows) === 1;
  }
}

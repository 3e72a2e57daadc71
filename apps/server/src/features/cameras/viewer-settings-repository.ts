import type { Db } from '@vigil/db';

/** SQL for viewer settings: one JSON object per (user, camera). */
export class ViewerSettingsRepository {
  readonly #db: Db;
  constructor(db: Db) {
    this.#db = db;
  }

  async get(uid: string, uidds: readonly string[]): Promise<Map<string, Record<string, unknown>>> {
    const out = new Map<string, Record<string, unknown>>();
    if (uidds.length === 0) return out;
    const rows = await this.#db
      .selectFrom('viewer_settings')
      .select(['uidd', 'settings'])
      .where('uid', '=', uid)
      .where('uidd', 'in', [...uidds])
      .execute();
    for (const r of rows) out.set(r.uidd, JSON.parse(r.settings) as Record<string, unknown>);
    return out;
  }

  /**
   * Shallow-merges `patch` into each camera's settings (a null value removes the key), in one transaction so two
   * patches of different keys do not lose each other. Returns the settings after the merge.
   */
  async merge(
    uid: string,
    uidds: readonly string[],
    patch: Record<string, unknown>,
    now: number,
  ): Promise<Map<string, Record<string, unknown>>> {
    return this.#db.transaction().execute(async (trx) => {
      const rows = await trx
        .selectFrom('viewer_settings')
        .select(['uidd', 'settings'])
        .where('uid', '=', uid)
        .where('uidd', 'in', [...uidds])
        .execute();
      const current = new Map(rows.map((r) => [r.uidd, JSON.parse(r.settings) as Record<string, unknown>]));
      const out = new Map<string, Record<string, unknown>>();
      for (const uidd of uidds) {
        // A Map, not object assignment: a key named __proto__ stays a plain key.
        const entries = new Map(Object.entries(current.get(uidd) ?? {}));
        for (const [k, v] of Object.entries(patch)) {
          if (v === null) entries.delete(k);
          else entries.set(k, v);
        }
        const merged = Object.fromEntries(entries);
        const settings = JSON.stringify(merged);
        await trx
          .insertInto('viewer_settings')
          .values({ uid, uidd, settings, updated_at: now })
          .onConflict((oc) => oc.columns(['uid', 'uidd']).doUpdateSet({ settings, updated_at: now }))
          .execute();
        out.set(uidd, merged);
      }
      return out;
    });
  }
}

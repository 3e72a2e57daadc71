import type { Db, EvidenceExportsTable, EvidenceKeysTable } from '@vigil/db';

export type ExportRow = EvidenceExportsTable;
export type KeyRow = EvidenceKeysTable;

/** The SQL of evidence exports and their signing keys. */
export class EvidenceRepository {
  readonly #db: Db;
  constructor(db: Db) {
    this.#db = db;
  }

  async insert(row: ExportRow): Promise<void> {
    await this.#db.insertInto('evidence_exports').values(row).execute();
  }

  find(id: string): Promise<ExportRow | undefined> {
    return this.#db.selectFrom('evidence_exports').selectAll().where('id', '=', id).executeTakeFirst();
  }

  /** The first completed export of these bytes: the same clip saved twice gives the same hash. */
  firstCompleteWithHash(sha256: string): Promise<ExportRow | undefined> {
    return this.#db
      .selectFrom('evidence_exports')
      .selectAll()
      .where('sha256', '=', sha256)
      .where('status', '=', 'complete')
      .orderBy('completed_at')
      .orderBy('id')
      .limit(1)
      .executeTakeFirst();
  }

  /**
   * Ends a running export and writes its audit entry in one transaction, so no export ends unlogged. False when
   * the export was not running (unknown, or already ended).
   */
  async finish(
    id: string,
    set: Partial<Pick<ExportRow, 'status' | 'completed_at' | 'sha256' | 'bytes' | 'failure' | 'key_id'>> &
      Partial<Pick<ExportRow, 'manifest_json' | 'signature'>>,
    /** The audit entry, written in the same transaction (audit's `recordIn`). */
    logIn: (tx: Db) => Promise<void>,
  ): Promise<boolean> {
    return this.#db.transaction().execute(async (trx) => {
      const r = await trx
        .updateTable('evidence_exports')
        .set(set)
        .where('id', '=', id)
        .where('status', '=', 'running')
        .executeTakeFirst();
      if (Number(r.numUpdatedRows) !== 1) return false;
      await logIn(trx);
      return true;
    });
  }

  /** Signing keys not retired, oldest first: every instance picks the same one. */
  activeKeys(): Promise<KeyRow[]> {
    return this.#db
      .selectFrom('evidence_keys')
      .selectAll()
      .where('retired_at', 'is', null)
      .orderBy('created_at')
      .orderBy('key_id')
      .execute();
  }

  findKey(keyId: string): Promise<KeyRow | undefined> {
    return this.#db.selectFrom('evidence_keys').selectAll().where('key_id', '=', keyId).executeTakeFirst();
  }

  allKeyIds(): Promise<string[]> {
    return this.#db
      .selectFrom('evidence_keys')
      .select('key_id')
      .execute()
      .then((rows) => rows.map((r) => r.key_id));
  }

  async insertKey(row: KeyRow): Promise<void> {
    await this.#db
      .insertInto('evidence_keys')
      .values(row)
      .onConflict((oc) => oc.column('key_id').doNothing())
      .execute();
  }
}

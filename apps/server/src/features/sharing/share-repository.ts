import type { Db, ShareLinksTable } from '@vigil/db';

export type ShareLinkRow = ShareLinksTable;

export class ShareRepository {
  readonly #db: Db;
  constructor(db: Db) {
    this.#db = db;
  }

  async create(row: ShareLinkRow): Promise<void> {
    await this.#db.insertInto('share_links').values(row).execute();
  }

  find(id: string): Promise<ShareLinkRow | undefined> {
    return this.#db.selectFrom('share_links').selectAll().where('id', '=', id).executeTakeFirst();
  }

  async revoke(id: string, now: number): Promise<void> {
    await this.#db
      .updateTable('share_links')
      .set({ revoked_at: now })
      .where('id', '=', id)
      .where('revoked_at', 'is', null)
      .execute();
  }

  async logUse(
    linkId: string,
    use: { at: number; viewerUid: string | null; ip: string | null; outcome: string },
  ): Promise<void> {
    await this.#db
      .insertInto('share_link_uses')
      .values({
        link_id: linkId,
        used_at: use.at,
        viewer_uid: use.viewerUid,
        client_ip: use.ip,
        outcome: use.outcome,
      })
      .execute();
  }

  /** A camera's links, newest first, with how many times each was used. */
  ofCamera(uidd: string) {
    return this.#db
      .selectFrom('share_links as l')
      .selectAll('l')
      .select((eb) =>
        eb
          .selectFrom('share_link_uses as u')
          .whereRef('u.link_id', '=', 'l.id')
          .select((e) => e.fn.countAll<number>().as('n'))
          .as('uses'),
      )
      .where('l.camera_uidd', '=', uidd)
      .orderBy('l.created_at', 'desc')
      .execute();
  }
}

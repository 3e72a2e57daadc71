import type { AccountMembersTable, Db } from '@vigil/db';

export type MemberRow = AccountMembersTable;
export interface MemberWithCameras extends MemberRow {
  cameras: string[];
}

/** Additional users of accounts, their per-camera access, and their invitations. */
export class MembersRepository {
  readonly #db: Db;
  constructor(db: Db) {
    this.#db = db;
  }

  async create(
    row: MemberRow,
    cameras: string[],
    invite: { tokenHash: string; expiresAt: number },
  ): Promise<void> {
    await this.#db.transaction().execute(async (tx) => {
      await tx.insertInto('account_members').values(row).execute();
      if (cameras.length)
        await tx
          .insertInto('account_member_cameras')
          .values(cameras.map((uidd) => ({ member_id: row.id, uidd })))
          .execute();
      await tx
        .insertInto('invitations')
        .values({
          token_hash: invite.tokenHash,
          member_id: row.id,
          created_at: row.created_at,
          expires_at: invite.expiresAt,
          used_at: null,
        })
        .execute();
    });
  }

  async update(
    id: string,
    fields: Partial<Pick<MemberRow, 'alias' | 'level' | 'camera_scope'>>,
    cameras: string[] | undefined,
  ): Promise<void> {
    await this.#db.transaction().execute(async (tx) => {
      if (Object.keys(fields).length)
        await tx.updateTable('account_members').set(fields).where('id', '=', id).execute();
      if (cameras) {
        await tx.deleteFrom('account_member_cameras').where('member_id', '=', id).execute();
        if (cameras.length)
          await tx
            .insertInto('account_member_cameras')
            .values(cameras.map((uidd) => ({ member_id: id, uidd })))
            .execute();
      }
    });
  }

  async remove(id: string): Promise<void> {
    await this.#db.deleteFrom('account_members').where('id', '=', id).execute();
  }

  find(id: string): Promise<MemberRow | undefined> {
    return this.#db.selectFrom('account_members').selectAll().where('id', '=', id).executeTakeFirst();
  }

  findByOwnerAndEmail(ownerUid: string, email: string): Promise<MemberRow | undefined> {
    return this.#db
      .selectFrom('account_members')
      .selectAll()
      .where('owner_uid', '=', ownerUid)
      .where('email', '=', email)
      .executeTakeFirst();
  }

  /** The caller's active membership of one account, with its cameras. */
  async activeMembership(ownerUid: string, memberUid: string): Promise<MemberWithCameras | undefined> {
    const row = await this.#db
      .selectFrom('account_members')
      .selectAll()
      .where('owner_uid', '=', ownerUid)
      .where('member_uid', '=', memberUid)
      .where('accepted_at', 'is not', null)
      .executeTakeFirst();
    return row ? { ...row, cameras: await this.#cameras(row.id) } : undefined;
  }

  async ofOwner(ownerUid: string): Promise<MemberWithCameras[]> {
    const rows = await this.#db
      .selectFrom('account_members')
      .selectAll()
      .where('owner_uid', '=', ownerUid)
      .orderBy('email')
      .execute();
    return Promise.all(rows.map(async (r) => ({ ...r, cameras: await this.#cameras(r.id) })));
  }

  /** The users who have accepted access to the account. */
  async acceptedMemberUids(ownerUid: string): Promise<string[]> {
    const rows = await this.#db
      .selectFrom('account_members')
      .select('member_uid')
      .where('owner_uid', '=', ownerUid)
      .where('accepted_at', 'is not', null)
      .execute();
    return rows.flatMap((r) => (r.member_uid ? [r.member_uid] : []));
  }

  /** Accounts a user has accepted access to, with the owner's e-mail. */
  membershipsOf(memberUid: string) {
    return this.#db
      .selectFrom('account_members as m')
      .innerJoin('users as u', 'u.uid', 'm.owner_uid')
      .select(['m.id', 'm.owner_uid', 'm.alias', 'm.level', 'u.email as owner_email'])
      .where('m.member_uid', '=', memberUid)
      .where('m.accepted_at', 'is not', null)
      .orderBy('u.email')
      .execute();
  }

  findInvitation(tokenHash: string) {
    return this.#db
      .selectFrom('invitations')
      .selectAll()
      .where('token_hash', '=', tokenHash)
      .executeTakeFirst();
  }

  /** Links the member to the user and uses the invitation, once (false when it was used meanwhile). */
  async accept(tokenHash: string, memberId: string, memberUid: string, now: number): Promise<boolean> {
    return this.#db.transaction().execute(async (tx) => {
      const r = await tx
        .updateTable('invitations')
        .set({ used_at: now })
        .where('token_hash', '=', tokenHash)
        .where('used_at', 'is', null)
        .executeTakeFirst();
      if (Number(r.numUpdatedRows) !== 1) return false;
      await tx
        .updateTable('account_members')
        .set({ member_uid: memberUid, accepted_at: now })
        .where('id', '=', memberId)
        .execute();
      return true;
    });
  }

  async #cameras(memberId: string): Promise<string[]> {
    const rows = await this.#db
      .selectFrom('account_member_cameras')
      .select('uidd')
      .where('member_id', '=', memberId)
      .orderBy('uidd')
      .execute();
    return rows.map((r) => r.uidd);
  }
}

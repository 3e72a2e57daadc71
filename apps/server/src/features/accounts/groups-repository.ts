import type { CameraGroupsTable, Db } from '@vigil/db';

export interface GroupWithCameras extends CameraGroupsTable {
  uidds: string[];
}

export class GroupsRepository {
  readonly #db: Db;
  constructor(db: Db) {
    this.#db = db;
  }

  /** The user's groups with their cameras, sorted by name (spec 000 §3). */
  async ofOwner(ownerUid: string): Promise<GroupWithCameras[]> {
    const groups = await this.#db
      .selectFrom('camera_groups')
      .selectAll()
      .where('owner_uid', '=', ownerUid)
      .orderBy('name')
      .execute();
    if (!groups.length) return [];
    const links = await this.#db
      .selectFrom('camera_group_cameras')
      .selectAll()
      .where(
        'group_id',
        'in',
        groups.map((g) => g.id),
      )
      .orderBy('uidd')
      .execute();
    return groups.map((g) => ({ ...g, uidds: links.filter((l) => l.group_id === g.id).map((l) => l.uidd) }));
  }

  find(id: string): Promise<CameraGroupsTable | undefined> {
    return this.#db.selectFrom('camera_groups').selectAll().where('id', '=', id).executeTakeFirst();
  }

  findByName(ownerUid: string, name: string): Promise<CameraGroupsTable | undefined> {
    return this.#db
      .selectFrom('camera_groups')
      .selectAll()
      .where('owner_uid', '=', ownerUid)
      .where('name', '=', name)
      .executeTakeFirst();
  }

  async create(row: CameraGroupsTable, uidds: string[]): Promise<void> {
    await this.#db.transaction().execute(async (tx) => {
      await tx.insertInto('camera_groups').values(row).execute();
      if (uidds.length)
        await tx
          .insertInto('camera_group_cameras')
          .values(uidds.map((uidd) => ({ group_id: row.id, uidd })))
          .execute();
    });
  }

  async rename(id: string, name: string): Promise<void> {
    await this.#db.updateTable('camera_groups').set({ name }).where('id', '=', id).execute();
  }

  async setCameras(id: string, uidds: string[]): Promise<void> {
    await this.#db.transaction().execute(async (tx) => {
      await tx.deleteFrom('camera_group_cameras').where('group_id', '=', id).execute();
      if (uidds.length)
        await tx
          .insertInto('camera_group_cameras')
          .values(uidds.map((uidd) => ({ group_id: id, uidd })))
          .execute();
    });
  }

  async remove(id: string): Promise<void> {
    await this.#db.deleteFrom('camera_groups').where('id', '=', id).execute();
  }

  /** Each owner's cloud storage duration: the longest of their organisations' (0 when none is set). */
  async storageDurations(ownerUids: string[]): Promise<Map<string, number>> {
    const result = new Map<string, number>();
    if (!ownerUids.length) return result;
    const rows = await this.#db
      .selectFrom('organisations')
      .select(['owner_uid', (eb) => eb.fn.max('cloud_storage_duration').as('days')])
      .where('owner_uid', 'in', ownerUids)
      .groupBy('owner_uid')
      .execute();
    for (const r of rows) result.set(r.owner_uid, Number(r.days ?? 0));
    return result;
  }
}

import type { CameraGroupsTable, Db } from '@vigil/db';

export interface GroupWithCameras extends CameraGroupsTable {
  uidds: string[];
}

const foldCase = (name: string) => name.toLocaleLowerCase('en');

// Case and accents aside first, numbers by value ('Floor 2' before 'Floor 10'); exact spelling breaks ties.
const collator = new Intl.Collator('en', { sensitivity: 'base', numeric: true });
const byName = (a: { name: string }, b: { name: string }) =>
  collator.compare(a.name, b.name) || (a.name < b.name ? -1 : a.name > b.name ? 1 : 0);

export class GroupsRepository {
  readonly #db: Db;
  constructor(db: Db) {
    this.#db = db;
  }

  /** The user's groups with their cameras, sorted by name whatever its case (spec 000 §3). */
  async ofOwner(ownerUid: string): Promise<GroupWithCameras[]> {
    // Sorted here, not in SQL: SQLite orders by code point ('Zeta' before 'alpha') and PostgreSQL by its collation.
    const groups = (
      await this.#db.selectFrom('camera_groups').selectAll().where('owner_uid', '=', ownerUid).execute()
    ).sort(byName);
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

  /** The user's group of this name in any case ('alpha' finds 'Alpha'): names are unique per user regardless of case. */
  async findByName(ownerUid: string, name: string): Promise<CameraGroupsTable | undefined> {
    // Compared here: SQLite's lower() folds ASCII only, PostgreSQL's every script. A user has a handful of groups.
    const wanted = foldCase(name);
    const groups = await this.#db
      .selectFrom('camera_groups')
      .selectAll()
      .where('owner_uid', '=', ownerUid)
      .execute();
    return groups.find((g) => foldCase(g.name) === wanted);
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
}

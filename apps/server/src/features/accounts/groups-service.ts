import { type CameraGroup, type CameraGroupRecord, splitUidd, type Uidd } from '@vigil/contracts';
import { conflict, forbidden, notFound } from '../../http/errors.ts';
import type { Caller } from '../../shared/caller.ts';
import { randomId } from '../../shared/random.ts';
import type { AccountAccess } from '../access/account-access.ts';
import type { UserDirectory } from '../auth/user-directory.ts';
import type { GroupsRepository, GroupWithCameras } from './groups-repository.ts';

const nameTaken = () => conflict('A group with this name already exists');

export const toGroupRecord = (g: GroupWithCameras): CameraGroupRecord => ({
  id: g.id,
  name: g.name,
  groupName: g.name,
  uidds: g.uidds,
});

/** Camera groups: a user's named sets of cameras they can view, usable as filters wherever cameras are picked. */
export class GroupsService {
  readonly #groups: GroupsRepository;
  readonly #access: AccountAccess;
  readonly #now: () => number;
  readonly #users: Pick<UserDirectory, 'storageDurations'>;
  constructor(
    groups: GroupsRepository,
    access: AccountAccess,
    now: () => number,
    users: Pick<UserDirectory, 'storageDurations'>,
  ) {
    this.#groups = groups;
    this.#access = access;
    this.#now = now;
    this.#users = users;
  }

  async list(caller: Caller, uid: string): Promise<CameraGroupRecord[]> {
    this.#assertSelf(caller, uid);
    return (await this.#groups.ofOwner(uid)).map(toGroupRecord);
  }

  async create(caller: Caller, uid: string, name: string, uidds: Uidd[]): Promise<CameraGroupRecord> {
    this.#assertSelf(caller, uid);
    if (await this.#groups.findByName(uid, name)) throw nameTaken();
    const cameras = await this.#viewable(caller, uidds);
    const row = { id: randomId(), owner_uid: uid, name, created_at: this.#now() };
    try {
      await this.#groups.create(row, cameras);
    } catch (err) {
      if (await this.#groups.findByName(uid, name)) throw nameTaken();
      throw err;
    }
    return { id: row.id, name, groupName: name, uidds: cameras };
  }

  async rename(caller: Caller, uid: string, id: string, name: string): Promise<CameraGroupRecord> {
    const group = await this.#own(caller, uid, id);
    const other = await this.#groups.findByName(uid, name);
    if (other && other.id !== group.id) throw nameTaken();
    await this.#groups.rename(id, name);
    return this.#reload(uid, id);
  }

  async setCameras(caller: Caller, uid: string, id: string, uidds: Uidd[]): Promise<CameraGroupRecord> {
    await this.#own(caller, uid, id);
    await this.#groups.setCameras(id, await this.#viewable(caller, uidds));
    return this.#reload(uid, id);
  }

  async remove(caller: Caller, uid: string, id: string): Promise<true> {
    await this.#own(caller, uid, id);
    await this.#groups.remove(id);
    return true;
  }

  /** The groups of the session (spec 000 §3): a group's duration is the longest of its cameras' owners'. */
  async sessionGroups(uid: string): Promise<CameraGroup[]> {
    const groups = await this.#groups.ofOwner(uid);
    const owners = [...new Set(groups.flatMap((g) => g.uidds.map((u) => splitUidd(u as Uidd).owner)))];
    const durations = await this.#users.storageDurations(owners);
    return groups.map((g) => ({
      id: g.id,
      name: g.name,
      cameras: g.uidds,
      cloudStorageDuration: Math.max(
        0,
        ...g.uidds.map((u) => durations.get(splitUidd(u as Uidd).owner) ?? 0),
      ),
    }));
  }

  async #viewable(caller: Caller, uidds: Uidd[]): Promise<string[]> {
    const unique = [...new Set(uidds)];
    for (const uidd of unique) {
      if (!(await this.#access.may(caller, splitUidd(uidd).owner, 'viewLive', uidd)))
        throw notFound(`Camera ${uidd} not found`);
    }
    return unique.sort();
  }

  async #own(caller: Caller, uid: string, id: string) {
    this.#assertSelf(caller, uid);
    const group = await this.#groups.find(id);
    if (!group || group.owner_uid !== uid) throw notFound('Group not found');
    return group;
  }

  async #reload(uid: string, id: string): Promise<CameraGroupRecord> {
    const g = (await this.#groups.ofOwner(uid)).find((x) => x.id === id);
    if (!g) throw notFound('Group not found');
    return toGroupRecord(g);
  }

  #assertSelf(caller: Caller, uid: string): void {
    if (caller.uid !== uid) throw forbidden();
  }
}

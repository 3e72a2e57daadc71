import {
  type AddListedPlateBody,
  editDistance,
  PLATE_LIST_MAX,
  type PlateListsResponse,
  type RemoveListedPlateBody,
  WATCH_PLATE_MAX_DISTANCE,
} from '@vigil/contracts';
import { conflict, notFound } from '../../http/errors.ts';
import type { Caller } from '../../shared/caller.ts';
import type { AccountAccess } from '../access/account-access.ts';
import type { WatchEntryRow, WatchListsRepository } from './watch-lists-repository.ts';

/** What an account's lists say of a plate read: on the deny list, on the allow list (one misread allowed). */
export interface PlateVerdict {
  denied: boolean;
  allowed: boolean;
}

const answer = (uid: string, rows: readonly WatchEntryRow[]): PlateListsResponse => {
  const of = (list: string) =>
    rows.filter((r) => r.list === list).map((r) => ({ plate: r.plate, note: r.note }));
  return { uid, allow: of('allow'), deny: of('deny') };
};

/**
 * An account's plate watch-lists (decision 0796): read with the events right on the account (what its plate log
 * shows), changed with the camera-settings right (owner, co-owner, admin); the demo cannot change them.
 */
export class WatchListsService {
  readonly #repo: WatchListsRepository;
  readonly #access: AccountAccess;
  readonly #now: () => number;
  constructor(d: { repo: WatchListsRepository; access: AccountAccess; now: () => number }) {
    this.#repo = d.repo;
    this.#access = d.access;
    this.#now = d.now;
  }

  async list(caller: Caller, uid: string): Promise<PlateListsResponse> {
    await this.#access.assert(caller, uid, 'events');
    return answer(uid, await this.#repo.entries(uid));
  }

  async add(caller: Caller, b: AddListedPlateBody): Promise<PlateListsResponse> {
    await this.#access.assert(caller, b.uid, 'cameraSettings');
    const rows = await this.#repo.entries(b.uid);
    const onList = rows.filter((r) => r.list === b.list);
    if (onList.length >= PLATE_LIST_MAX && !onList.some((r) => r.plate === b.plate))
      throw conflict(`A list holds at most ${PLATE_LIST_MAX} plates`);
    await this.#repo.put({
      owner_uid: b.uid,
      list: b.list,
      plate: b.plate,
      note: b.note,
      created_at: this.#now(),
    });
    return answer(b.uid, await this.#repo.entries(b.uid));
  }

  async remove(caller: Caller, b: RemoveListedPlateBody): Promise<PlateListsResponse> {
    await this.#access.assert(caller, b.uid, 'cameraSettings');
    if (!(await this.#repo.remove(b.uid, b.list, b.plate))) throw notFound('That plate is not on the list');
    return answer(b.uid, await this.#repo.entries(b.uid));
  }

  /** What the owner's lists say of each plate read (the analyser's, for plate rules). */
  async verdicts(owner: string, plates: readonly string[]): Promise<PlateVerdict[]> {
    const rows = plates.length ? await this.#repo.entries(owner) : [];
    const on = (list: string, plate: string) =>
      rows.some((r) => r.list === list && editDistance(r.plate, plate) <= WATCH_PLATE_MAX_DISTANCE);
    return plates.map((p) => ({ denied: on('deny', p), allowed: on('allow', p) }));
  }
}

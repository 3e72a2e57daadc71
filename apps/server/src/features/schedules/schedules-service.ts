import type {
  CameraAction,
  ScheduleAction,
  ScheduleBatch,
  ScheduleBody,
  ScheduleCategory,
  ScheduleItem,
  Uidd,
} from '@vigil/contracts';
import { forbidden } from '../../http/errors.ts';
import type { Caller } from '../../shared/caller.ts';
import type { CameraAccess } from '../access/camera-access.ts';
import type { ScheduleRow, SchedulesRepository } from './schedules-repository.ts';

/** The right each category's entries take: recording is a camera setting, notifications a notification one. */
const RIGHT: Record<ScheduleCategory, CameraAction> = {
  recording: 'cameraSettings',
  notifications: 'notificationSettings',
};

const toItem = (r: ScheduleRow): ScheduleItem => ({
  uidd: r.uidd as Uidd,
  category: r.category as ScheduleCategory,
  local_time: r.local_time,
  action: r.action as ScheduleAction,
  day_of_week: r.day_of_week,
});

export interface EntryKey {
  x: string;
  category: ScheduleCategory;
  local_time: string;
}

/**
 * Camera schedules (spec 001 §7 Schedules; decision 0702). The path's user id is the caller's own (support may read
 * anyone's); the schedules themselves are the camera's, shared by everyone who may change its settings.
 */
export class SchedulesService {
  readonly #access: CameraAccess;
  readonly #repo: SchedulesRepository;
  readonly #now: () => number;
  constructor(d: { access: CameraAccess; schedules: SchedulesRepository; now: () => number }) {
    this.#access = d.access;
    this.#repo = d.schedules;
    this.#now = d.now;
  }

  #checkUser(caller: Caller, id: string, write: boolean): void {
    if (caller.uid === id || (!write && caller.accountType === 's')) return;
    throw forbidden('Schedules are reached through your own user id');
  }

  /** GET /schedule/{id}?uidd=… (batched by the client at 1200 characters). */
  async list(caller: Caller, id: string, uidds: readonly Uidd[]): Promise<ScheduleBatch> {
    this.#checkUser(caller, id, false);
    const { allowed, refused } = await this.#access.partition(caller, uidds, 'view');
    const rows = await this.#repo.list(allowed.map((r) => r.uidd));
    return {
      result: rows.map(toItem),
      errors: refused.map(({ uidd, code, error }) => ({ uidd, code, error })),
    };
  }

  /** POST (add) and PUT (replace the entries at localTimeToReplace) of one time on some days. */
  async put(
    caller: Caller,
    key: EntryKey & { action: ScheduleAction },
    body: ScheduleBody & { localTimeToReplace?: string },
  ): Promise<ScheduleBatch> {
    this.#checkUser(caller, key.x, true);
    await this.#access.require(caller, body.uidd, RIGHT[key.category]);
    const days = [...new Set(body.daysOfWeek)];
    await this.#repo.put(
      { uidd: body.uidd, category: key.category, days },
      key.local_time,
      key.action,
      this.#now(),
      body.localTimeToReplace,
    );
    return this.list(caller, key.x, [body.uidd]);
  }

  /** DELETE /schedule/{x}/{category}/{local_time}: the entries at that time on those days. */
  async remove(caller: Caller, key: EntryKey, body: ScheduleBody): Promise<ScheduleBatch> {
    this.#checkUser(caller, key.x, true);
    await this.#access.require(caller, body.uidd, RIGHT[key.category]);
    await this.#repo.remove(
      { uidd: body.uidd, category: key.category, days: [...new Set(body.daysOfWeek)] },
      key.local_time,
    );
    return this.list(caller, key.x, [body.uidd]);
  }
}

import { actionAt, localWeekMinute } from './schedule-time.ts';
import type { SchedulesRepository } from './schedules-repository.ts';

/**
 * Whether a camera's notifications schedule lets notifications out now (decision 0710): its `notifications`
 * entries (decision 0702) read as the settings screen's week shows them, in the camera's time zone; no entries:
 * always. Shared by everyone who sees the camera, as the schedule is the camera's.
 */
export class NotificationSchedule {
  readonly #repo: SchedulesRepository;
  constructor(repo: SchedulesRepository) {
    this.#repo = repo;
  }

  async allows(uidd: string, timezoneName: string, at: number): Promise<boolean> {
    const entries = (await this.#repo.list([uidd])).filter((e) => e.category === 'notifications');
    const action = actionAt(
      entries.map((e) => ({ ...e, action: e.action === 'off' ? 'off' : 'on' })),
      localWeekMinute(at, timezoneName),
    );
    return action !== 'off';
  }
}

import { SCHEDULE_RECORDING_TICK_MS } from '@vigil/contracts';
import type { FastifyBaseLogger } from 'fastify';
import type { CameraRows } from '../access/ports.ts';
import { localWeekMinute, passedAction } from './schedule-time.ts';
import type { ScheduleRow, SchedulesRepository } from './schedules-repository.ts';

/**
 * Carries out the recording schedules (decision 0702): every tick, for each camera with recording entries, the
 * entries its own wall clock passed since the last tick switch its cloud recording on or off, as the owner would by
 * hand (the recorder follows within its own time, < 2 s). Between entries a change by hand stays.
 */
export interface SchedulerDeps {
  schedules: Pick<SchedulesRepository, 'listCategory'>;
  cameras: Pick<CameraRows, 'findMany'>;
  apply: (uidd: string, on: boolean, owner: string) => Promise<void>;
  log: FastifyBaseLogger;
  now: () => number;
}

export class RecordingScheduler {
  readonly #d: SchedulerDeps;
  /** Each camera's week minute at the last tick, in its zone. */
  readonly #last = new Map<string, number>();
  #timer: NodeJS.Timeout | undefined;
  #running: Promise<void> = Promise.resolve();

  constructor(d: SchedulerDeps) {
    this.#d = d;
  }

  start(): void {
    this.#timer ??= setInterval(() => {
      this.#running = this.#running
        .then(() => this.tick())
        .catch((err: unknown) => {
          this.#d.log.warn({ err: String(err) }, 'recording schedule tick failed');
        });
    }, SCHEDULE_RECORDING_TICK_MS);
    this.#timer.unref();
  }

  async stop(): Promise<void> {
    clearInterval(this.#timer);
    this.#timer = undefined;
    await this.#running;
  }

  /** One pass at `ms` (tests call it with a fixed clock). */
  async tick(ms = this.#d.now()): Promise<void> {
    const rows = await this.#d.schedules.listCategory('recording');
    const byCamera = new Map<string, ScheduleRow[]>();
    for (const r of rows) byCamera.set(r.uidd, [...(byCamera.get(r.uidd) ?? []), r]);
    for (const uidd of this.#last.keys()) if (!byCamera.has(uidd)) this.#last.delete(uidd);
    const cameras = await this.#d.cameras.findMany([...byCamera.keys()]);
    for (const cam of cameras) {
      if (cam.uninstalled) continue;
      const now = localWeekMinute(ms, cam.timezone_name);
      const prev = this.#last.get(cam.uidd);
      if (prev === undefined) {
        this.#last.set(cam.uidd, now);
        continue;
      }
      const entries = (byCamera.get(cam.uidd) ?? []).map((r) => ({
        day_of_week: r.day_of_week,
        local_time: r.local_time,
        action: r.action === 'on' ? ('on' as const) : ('off' as const),
      }));
      const { action, next } = passedAction(entries, prev, now);
      this.#last.set(cam.uidd, next);
      if (action === null) continue;
      try {
        await this.#d.apply(cam.uidd, action === 'on', cam.owner_uid);
        this.#d.log.info({ uidd: cam.uidd, action }, 'recording schedule applied');
      } catch (err) {
        this.#d.log.warn({ uidd: cam.uidd, action, err: String(err) }, 'recording schedule not applied');
      }
    }
  }
}

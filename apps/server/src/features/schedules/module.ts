import type { Db } from '@vigil/db';
import type { FastifyBaseLogger } from 'fastify';
import type { FeatureRoutes } from '../../http/feature-routes.ts';
import type { CameraAccess } from '../access/camera-access.ts';
import type { CameraRows } from '../access/ports.ts';
import { NotificationSchedule } from './notification-schedule.ts';
import { scheduleRoutes } from './routes.ts';
import { RecordingScheduler } from './scheduler.ts';
import { SchedulesRepository } from './schedules-repository.ts';
import { SchedulesService } from './schedules-service.ts';

/** Builds the schedules feature: the schedule calls and the recording scheduler (started by app.ts). */
export function createSchedules(d: {
  db: Db;
  log: FastifyBaseLogger;
  now: () => number;
  cameras: { access: CameraAccess; rows: CameraRows };
  /** Switches a camera's cloud recording as its schedule says (features/camera-config). */
  applyRecording: (uidd: string, on: boolean, owner: string) => Promise<void>;
}) {
  const repo = new SchedulesRepository(d.db);
  const schedules = new SchedulesService({ access: d.cameras.access, schedules: repo, now: d.now });
  const scheduler = new RecordingScheduler({
    schedules: repo,
    cameras: d.cameras.rows,
    apply: d.applyRecording,
    log: d.log,
    now: d.now,
  });
  const routes: FeatureRoutes = (app) => app.register(scheduleRoutes, { schedules });
  // Read by the notifications' sender (decision 0710): the camera's notifications entries gate what goes out.
  const notificationSchedule = new NotificationSchedule(repo);
  return { schedules, scheduler, routes, notificationSchedule };
}

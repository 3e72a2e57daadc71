import { join } from 'node:path';
import type { Uidd } from '@vigil/contracts';
import type { Db } from '@vigil/db';
import type { FastifyBaseLogger } from 'fastify';
import type { Config } from '../../config.ts';
import type { FeatureRoutes } from '../../http/feature-routes.ts';
import type { CameraAccess } from '../access/camera-access.ts';
import type { CameraRows } from '../access/ports.ts';
import type { CameraSettings } from '../cameras/camera-settings.ts';
import type { RealtimeBus } from '../realtime/bus.ts';
import { EventsMotionSink, type EventsMotionSinkDeps } from './events-sink.ts';
import { MotionSettingsService } from './motion-settings.ts';
import { eventPicturesReclaimer } from './pictures-reclaimer.ts';
import { motionRoutes } from './routes.ts';

/** Builds the motion feature: the recorder's event sink, the reclaimer of event pictures, the settings routes. */
export function createMotion(d: {
  db: Db;
  config: Pick<Config, 'DATA_DIR'>;
  cameras: { access: CameraAccess; rows: CameraRows; settings: CameraSettings };
  bus: RealtimeBus;
  log: FastifyBaseLogger;
  now: () => number;
  /** Each high-resolution still written for an event (the recognition labels' input, decision 0555). */
  onStill: (e: { id: string; uidd: Uidd; still: Uint8Array; atMs: number }) => void;
  /** Each event once ended (the plates' input, decision 0791). */
  onEnded?: EventsMotionSinkDeps['onEnded'];
  /** Each event once started (people counting, decision 0794). */
  onStarted?: EventsMotionSinkDeps['onStarted'];
}) {
  const eventsDir = join(d.config.DATA_DIR, 'events');
  const sink = new EventsMotionSink({
    db: d.db,
    cameras: d.cameras.rows,
    bus: d.bus,
    dir: eventsDir,
    log: d.log,
    now: d.now,
    onStill: d.onStill,
    onEnded: d.onEnded,
    onStarted: d.onStarted,
  });
  const settings = new MotionSettingsService({ access: d.cameras.access, cameras: d.cameras.settings });
  const routes: FeatureRoutes = (app) => app.register(motionRoutes, { settings });
  return {
    sink,
    /** Event pictures go after every deletable recording (decision 0208). */
    reclaimer: eventPicturesReclaimer(d.db, eventsDir),
    routes,
  };
}

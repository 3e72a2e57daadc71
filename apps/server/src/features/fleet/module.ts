import type { HealthFleet, Uidd } from '@vigil/contracts';
import type { Db } from '@vigil/db';
import type { FeatureRoutes } from '../../http/feature-routes.ts';
import type { Core } from '../../shared/core.ts';
import type { CameraAccess } from '../access/camera-access.ts';
import type { CameraSettings } from '../cameras/camera-settings.ts';
import type { RealtimeBus } from '../realtime/bus.ts';
import type { CameraLookup } from '../recording/directory-source.ts';
import type { RecordingPort } from '../recording/recording.ts';
import { type HandoverMedia, SegmentHandover } from './handover.ts';
import { LeaseManager } from './lease-manager.ts';
import { LeasedCameraSource } from './leased-source.ts';
import { LeasesRepository } from './leases-repository.ts';
import { LoggerService } from './logger-service.ts';
import { loggerRoutes } from './routes.ts';

/** A fleet recorder's part: the source its recorder records from, and the lease manager that fills it. */
export interface FleetRecorder {
  source: LeasedCameraSource;
  manager: LeaseManager;
  /** Joins the fleet (after the recorder started: the source has its listener). */
  start(): Promise<void>;
  /** Hands every camera over and leaves the fleet (SIGTERM); bounded by three lease times. */
  drain(): Promise<void>;
  /** After the recorder stopped: the hand-overs' last deletions are done (their segments closed as it stopped). */
  settled(): Promise<void>;
  /** Which of these recorders heartbeat within the lease time: retention of the footage of those gone (0882). */
  alive: (ids: readonly string[]) => Promise<ReadonlySet<string>>;
}

/** The fleet as the health screen reads it (decision 0721). */
export interface FleetView {
  /** Every registered recorder, with how many cameras it holds by a live lease. */
  recorders(): Promise<
    { id: string; publicUrl: string; heartbeatAgeMs: number; draining: boolean; cameras: number }[]
  >;
  /** Installed cameras no live lease holds: how many, and a page of them (decision 0747). */
  unheld(offset: number, limit: number): Promise<{ total: number; uidds: Uidd[] }>;
  leaseTtlMs: number;
}

/**
 * The recorder fleet (decision 0600): GET /logger, and in ROLE=recorder the leases by which this process records
 * its share of the cameras. ROLE=all has no leases: its recorder records every camera, as before.
 */
export function createFleet(
  d: Core & {
    access: CameraAccess;
    settings: CameraSettings;
    cameras: CameraLookup;
    recording: RecordingPort | undefined;
    /** Where a camera's move to this recorder is announced to its live viewers (decision 0616). */
    bus: RealtimeBus;
  },
): {
  routes: FeatureRoutes;
  recorder: FleetRecorder | undefined;
  /** What /health says of the fleet (decision 0613); undefined in ROLE=all. */
  health: (() => Promise<HealthFleet>) | undefined;
  /** The health screen's view of the fleet (decision 0721): its recorders, who holds which camera; not in ROLE=all. */
  view: FleetView | undefined;
} {
  const { config, db, log, recording } = d;
  const leases = config.ROLE === 'all' ? undefined : new LeasesRepository(db);
  const logger = new LoggerService({ access: d.access, leases, config });
  const routes: FeatureRoutes = (app) => app.register(loggerRoutes, { logger });
  const ttlMs = config.LEASE_TTL_SEC * 1000;
  const view: FleetView | undefined = leases && {
    recorders: () => leases.registered(),
    unheld: (offset, limit) => leases.unheld(offset, limit),
    leaseTtlMs: ttlMs,
  };
  if (config.ROLE !== 'recorder' || !recording || !leases)
    return {
      routes,
      view,
      recorder: undefined,
      health:
        leases && (async () => ({ role: 'server', recordersAlive: await leases.liveRecorders(ttlMs, true) })),
    };

  const source = new LeasedCameraSource(d.cameras, log);
  const media: HandoverMedia | undefined =
    recording.onSegment && recording.forgetSegments
      ? {
          onSegment: (listener) => recording.onSegment?.(listener) ?? (() => {}),
          forgetSegments: async (segments) => recording.forgetSegments?.(segments),
        }
      : undefined;
  const handover = media && new SegmentHandover(leases, media);
  const manager = new LeaseManager({
    repo: leases,
    id: config.RECORDER_ID,
    publicUrl: config.RECORDER_PUBLIC_URL,
    capacity: config.RECORDER_CAPACITY,
    ttlMs,
    holder: source,
    assignLogger: (uidds: readonly Uidd[], url: string) => d.settings.assignLogger(uidds, url),
    handover,
    orphaned: async (uidds) => recording.orphaned?.(uidds, await leases.lastFootage(uidds)),
    moved: (uidds, url) => {
      for (const uidd of uidds) d.bus.publish({ type: 'liveMoved', data: { uidd, logger: url } });
    },
    log,
  });
  return {
    routes,
    view,
    recorder: {
      source,
      manager,
      start: () => manager.start(),
      drain: () => manager.drain(3 * ttlMs),
      settled: async () => handover?.settled(),
      alive: (ids) => leases.alive(ids, ttlMs),
    },
    health: async () => {
      const { held, draining } = manager.leases();
      return { role: 'recorder', recorderId: config.RECORDER_ID, leases: held, draining };
    },
  };
}

/**
 * Which recorder records a camera now (the holder of its live lease), for a server routing camera tasks to it
 * over NATS (decision 0603); undefined when none holds it.
 */
export function leaseHolders(db: Db): (uidd: Uidd) => Promise<string | undefined> {
  const leases = new LeasesRepository(db);
  return async (uidd) => (await leases.recorderOf(uidd))?.id;
}

/** The holders of live leases of several cameras at once, for a server asking their statuses (decision 0608). */
export function leaseHoldersOf(db: Db): (uidds: readonly Uidd[]) => Promise<ReadonlyMap<Uidd, string>> {
  const leases = new LeasesRepository(db);
  return (uidds) => leases.holders(uidds);
}

/** The ids of the live recorders (heartbeat within the lease time), for a server telling all of them a deletion. */
export function liveRecorderIds(db: Db, ttlMs: number): () => Promise<string[]> {
  const leases = new LeasesRepository(db);
  return async () => (await leases.fleet(ttlMs)).map((r) => r.id);
}

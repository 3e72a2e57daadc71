import {
  HEALTH_CAMERAS_LISTED,
  type HealthAlert,
  type HealthCamera,
  type HealthCameraPage,
  type HealthRecorder,
  type NatsStatus,
  type SupportHealth,
  type Uidd,
} from '@vigil/contracts';
import type { DbHandle } from '@vigil/db';
import type { StorageState } from '@vigil/recorder';
import { notFound } from '../../http/errors.ts';
import { ERROR_RATE_WINDOW_MS, evaluateAlerts } from './alert-rules.ts';

/** A recorder's cameras as it counts them (the cameras feature's tally, decision 0747). */
export interface RecorderTally {
  counts: { recording: number; behind: number; offline: number };
  problems: number;
  page: { uidd: Uidd; state: 'offline' | 'behind'; reason: string | null; lastActivity: number | null }[];
}

/** A registered recorder of a fleet (the fleet feature), dead ones too until they are removed. */
export interface FleetRecorderInfo {
  id: string;
  publicUrl: string;
  heartbeatAgeMs: number;
  draining: boolean;
  /** Cameras it holds by a live lease. */
  cameras: number;
}

/** What the health screen reads, each through its feature's service (handed in by app.ts). */
export interface SupportHealthDeps {
  database: Pick<DbHandle, 'probe'>;
  storage: (() => StorageState | undefined) | undefined;
  /**
   * The cameras feature's counts (decision 0747): how many are installed, a recorder's tally of its own cameras
   * (counts by state and a page of the problem ones, counted by the recorder), and the names of a page's cameras.
   */
  cameras: {
    tally: {
      installedCount(): Promise<number>;
      of(recorderId: string, q: { now: number; offset: number; limit: number }): Promise<RecorderTally>;
      names(uidds: readonly Uidd[]): Promise<ReadonlyMap<Uidd, string>>;
    };
  };
  /** A fleet (ROLE=server): its recorders and the cameras none holds; undefined in one process. */
  fleet:
    | {
        recorders: () => Promise<FleetRecorderInfo[]>;
        unheld: (offset: number, limit: number) => Promise<{ total: number; uidds: Uidd[] }>;
        leaseTtlMs: number;
      }
    | undefined;
  /** The reporting feature's service. */
  reports: { errorRatePerMin(windowMs: number): Promise<number> };
  /** With NATS_URL: the realtime bus's state (decision 0712). */
  nats?: (() => NatsStatus) | undefined;
  now: () => number;
}

/** The recorder of one process (ROLE=all): it records every installed camera. */
export const THIS_SERVER = 'this server';

/** The health screen's fleet, error-report rate and alerts (GET /support/health, decision 0721). */
export class SupportHealthService {
  readonly #d: SupportHealthDeps;
  constructor(d: SupportHealthDeps) {
    this.#d = d;
  }

  async read(): Promise<SupportHealth> {
    const facts = await this.#facts();
    const fleet = facts.databaseDown
      ? { recorders: [], unassigned: [], unassignedCount: 0 }
      : await this.#fleet(facts.registered);
    return {
      ...fleet,
      errorReportsPerMin: Math.round(facts.errorReportsPerMin * 10) / 10,
      alerts: this.#alerts(facts),
    };
  }

  /** The alerts alone (for /metrics): no camera is read for them. */
  async alerts(): Promise<HealthAlert[]> {
    return this.#alerts(await this.#facts());
  }

  async #facts() {
    const d = this.#d;
    const databaseDown = (await d.database.probe()) !== 'up';
    if (databaseDown) return { databaseDown, errorReportsPerMin: 0, registered: [] };
    const [errorReportsPerMin, registered] = await Promise.all([
      d.reports.errorRatePerMin(ERROR_RATE_WINDOW_MS),
      d.fleet ? d.fleet.recorders() : Promise.resolve([]),
    ]);
    return { databaseDown, errorReportsPerMin, registered };
  }

  #alerts(f: { databaseDown: boolean; errorReportsPerMin: number; registered: FleetRecorderInfo[] }) {
    const s = this.#d.storage?.();
    const beatMs = this.#d.fleet && this.#d.fleet.leaseTtlMs / 3;
    return evaluateAlerts({
      bytesShortOfWatermark: s ? Math.max(0, s.requiredFreeBytes - s.freeBytes) : undefined,
      missedHeartbeats: beatMs
        ? Math.max(0, ...f.registered.map((r) => Math.floor(r.heartbeatAgeMs / beatMs)))
        : undefined,
      errorReportsPerMin: f.errorReportsPerMin,
      databaseDown: f.databaseDown,
      nats: this.#d.nats?.(),
    });
  }

  /**
   * Each recorder with its counts and first page of problem cameras, and the first page of the cameras none holds
   * (decision 0747): a handful of aggregate reads whatever the number of cameras, none of them per camera.
   */
  async #fleet(registered: FleetRecorderInfo[]) {
    const d = this.#d;
    const first = { now: d.now(), offset: 0, limit: HEALTH_CAMERAS_LISTED };
    if (!d.fleet) {
      const here = { id: THIS_SERVER, publicUrl: null, alive: true, heartbeatAgeMs: null, draining: false };
      const [held, tally] = await Promise.all([
        d.cameras.tally.installedCount(),
        this.#tally(THIS_SERVER, first),
      ]);
      const names = await d.cameras.tally.names(tally.page.map((c) => c.uidd));
      return { recorders: [recorderOf(here, held, tally, names)], unassigned: [], unassignedCount: 0 };
    }
    const ttl = d.fleet.leaseTtlMs;
    const alive = (r: FleetRecorderInfo) => r.heartbeatAgeMs <= ttl;
    // A silent recorder is not asked: its cameras are counted offline until their leases move.
    const [tallies, unheld] = await Promise.all([
      Promise.all(registered.map((r) => (alive(r) ? this.#tally(r.id, first) : Promise.resolve(NO_TALLY)))),
      d.fleet.unheld(0, HEALTH_CAMERAS_LISTED),
    ]);
    const names = await d.cameras.tally.names([
      ...tallies.flatMap((t) => t.page.map((c) => c.uidd)),
      ...unheld.uidds,
    ]);
    const recorders = registered.map((r, i) =>
      recorderOf({ ...r, alive: alive(r) }, r.cameras, tallies[i] ?? NO_TALLY, names),
    );
    return { recorders, unassigned: unheldOf(unheld.uidds, names), unassignedCount: unheld.total };
  }

  /** A page of one recorder's problem cameras, or (no recorder) of the cameras none holds; 404 for an unknown id. */
  async cameras(recorderId: string | undefined, offset: number): Promise<HealthCameraPage> {
    const d = this.#d;
    if (recorderId === undefined) {
      if (!d.fleet) return { cameras: [], total: 0, offset };
      const unheld = await d.fleet.unheld(offset, HEALTH_CAMERAS_LISTED);
      return {
        cameras: unheldOf(unheld.uidds, await d.cameras.tally.names(unheld.uidds)),
        total: unheld.total,
        offset,
      };
    }
    const known = d.fleet
      ? (await d.fleet.recorders()).some((r) => r.id === recorderId)
      : recorderId === THIS_SERVER;
    if (!known) throw notFound('No such recorder');
    const tally = await this.#tally(recorderId, { now: d.now(), offset, limit: HEALTH_CAMERAS_LISTED });
    const names = await d.cameras.tally.names(tally.page.map((c) => c.uidd));
    return {
      cameras: tally.page.map((c) => ({ ...c, name: names.get(c.uidd) ?? '' })),
      total: tally.problems,
      offset,
    };
  }

  /** A recorder that does not answer has nothing reported: its cameras are counted offline. */
  #tally(recorderId: string, q: { now: number; offset: number; limit: number }): Promise<RecorderTally> {
    return this.#d.cameras.tally.of(recorderId, q).catch(() => NO_TALLY);
  }
}

const NO_TALLY: RecorderTally = { counts: { recording: 0, behind: 0, offline: 0 }, problems: 0, page: [] };

/**
 * A recorder's counts over the `held` cameras it should be recording: those it has not reported (just taken, or
 * it did not answer) are offline too, counted but not listed.
 */
function recorderOf(
  r: Omit<HealthRecorder, 'counts' | 'cameras' | 'problems'>,
  held: number,
  t: RecorderTally,
  names: ReadonlyMap<Uidd, string>,
): HealthRecorder {
  const { recording, behind } = t.counts;
  const offline = Math.max(t.counts.offline, held - recording - behind);
  return {
    ...r,
    counts: { recording, offline, behind },
    cameras: t.page.map((c) => ({ ...c, name: names.get(c.uidd) ?? '' })),
    problems: t.problems,
  };
}

/** Cameras nobody records: offline, with no reason a recorder could give. */
const unheldOf = (uidds: readonly Uidd[], names: ReadonlyMap<Uidd, string>): HealthCamera[] =>
  uidds.map((uidd) => ({
    uidd,
    name: names.get(uidd) ?? '',
    state: 'offline',
    reason: null,
    lastActivity: null,
  }));

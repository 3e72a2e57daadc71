import {
  HEALTH_BEHIND_MS,
  HEALTH_CAMERAS_LISTED,
  type HealthAlert,
  type HealthCamera,
  type HealthRecorder,
  type NatsStatus,
  type SupportHealth,
  type Uidd,
} from '@vigil/contracts';
import type { DbHandle } from '@vigil/db';
import type { StorageState } from '@vigil/recorder';
import { ERROR_RATE_WINDOW_MS, evaluateAlerts } from './alert-rules.ts';

/** A camera's state as the cameras feature's status answers it (its recorder's report). */
export interface CameraReport {
  state: 'live' | 'online' | 'starting' | 'offline' | 'error';
  problem?: string | null | undefined;
  lastActivity?: number | null | undefined;
}

/** A registered recorder of a fleet (the fleet feature), dead ones too until they are removed. */
export interface FleetRecorderInfo {
  id: string;
  publicUrl: string;
  heartbeatAgeMs: number;
  draining: boolean;
}

/** What the health screen reads, each through its feature's service (handed in by app.ts). */
export interface SupportHealthDeps {
  database: Pick<DbHandle, 'probe'>;
  storage: (() => StorageState | undefined) | undefined;
  /**
   * The cameras feature: its directory of installed cameras (only their uidd and name are read here) and its
   * status provider (the recorders' reports).
   */
  cameras: {
    directory: { installed(): Promise<{ uidd: Uidd; name: string }[]> };
    status: { statuses(uidds: readonly Uidd[]): Promise<ReadonlyMap<Uidd, CameraReport>> };
  };
  /** A fleet (ROLE=server): its recorders and who holds which camera; undefined in one process. */
  fleet:
    | {
        recorders: () => Promise<FleetRecorderInfo[]>;
        holders: (uidds: readonly Uidd[]) => Promise<ReadonlyMap<Uidd, string>>;
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
      ? { recorders: [], unassigned: [] }
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

  async #fleet(registered: FleetRecorderInfo[]) {
    const d = this.#d;
    const cameras = (await d.cameras.directory.installed()).map((c) => ({ uidd: c.uidd, name: c.name }));
    const statuses = await d.cameras.status
      .statuses(cameras.map((c) => c.uidd))
      .catch(() => new Map<Uidd, CameraReport>());
    const health = (c: { uidd: Uidd; name: string }) => cameraHealth(c, statuses.get(c.uidd), d.now());
    if (!d.fleet) {
      const here = { id: THIS_SERVER, publicUrl: null, alive: true, heartbeatAgeMs: null, draining: false };
      return { recorders: [recorderOf(here, cameras.map(health))], unassigned: [] };
    }
    const ttl = d.fleet.leaseTtlMs;
    const holders = await d.fleet.holders(cameras.map((c) => c.uidd));
    const recorders = registered.map((r) =>
      recorderOf(
        { ...r, alive: r.heartbeatAgeMs <= ttl },
        cameras.filter((c) => holders.get(c.uidd) === r.id).map(health),
      ),
    );
    return { recorders, unassigned: cameras.filter((c) => !holders.has(c.uidd)).map(health) };
  }
}

/** Recording, offline (with the recorder's reason), or behind (online but no video for HEALTH_BEHIND_MS). */
export function cameraHealth(
  c: { uidd: Uidd; name: string },
  r: CameraReport | undefined,
  now: number,
): HealthCamera {
  const lastActivity = r?.lastActivity ?? null;
  const online = r?.state === 'live' || r?.state === 'online';
  const state = !online
    ? 'offline'
    : lastActivity !== null && now - lastActivity > HEALTH_BEHIND_MS
      ? 'behind'
      : 'recording';
  return {
    uidd: c.uidd,
    name: c.name,
    state,
    reason: state === 'offline' ? (r?.problem ?? r?.state ?? null) : null,
    lastActivity,
  };
}

const ORDER = { offline: 0, behind: 1, recording: 2 } as const;

function recorderOf(r: Omit<HealthRecorder, 'counts' | 'cameras'>, cameras: HealthCamera[]): HealthRecorder {
  const counts = { recording: 0, offline: 0, behind: 0 };
  for (const c of cameras) counts[c.state] += 1;
  const listed = [...cameras].sort((a, b) => ORDER[a.state] - ORDER[b.state]).slice(0, HEALTH_CAMERAS_LISTED);
  return { ...r, counts, cameras: listed };
}

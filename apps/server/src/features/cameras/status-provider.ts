import type { CameraStatusValue, EpochMs, Uidd } from '@vigil/contracts';
import { type StatusTally, type TallyQuery, tallyReports } from './status-tally.ts';

/**
 * Where camera statuses come from. The recorder implements CameraStatusProvider (or reports into the default
 * in-memory board); the server only reads it for GET /cameras/status. See the README of this folder.
 */

/**
 * The recorder's own view of a camera. 'live' is what the recorder says while it receives video; the API answers
 * it as 'online' (spec 001 §4). 'error' means the recorder knows why there is no video (see `problem`).
 */
export type InternalCameraState = 'live' | 'online' | 'starting' | 'offline' | 'error';

export interface CameraStatusReport {
  state: InternalCameraState;
  lastThumbTime?: EpochMs | null;
  lastActivity?: EpochMs | null;
  lastStill?: EpochMs | null;
  liveStreaming?: boolean;
  liveStreamName?: string | null;
  localLiveStreaming?: boolean;
  sdLiveStreaming?: boolean;
  sdLiveStreamName?: string | null;
  /** Live host base URLs, when the recorder serves live from elsewhere than the camera row says. */
  wowza?: string | null;
  sdWowza?: string | null;
  /**
   * Why the camera is offline (decision 0308): 'unreachable', 'unauthorised', 'no video', 'video unsupported' (from
   * how the recorder's ffmpeg failed), 'starting' (just added, no video yet), 'standby' (not being read); or, online
   * or not, STORAGE_FULL (the recordings' disk cannot be kept free: recordings are at risk, decision 0208).
   */
  problem?: string | null;
}

/** The problem of every recorded camera while the storage watermark cannot be kept (decision 0208). */
export const STORAGE_FULL = 'storage full';

export interface CameraStatusProvider {
  /**
   * Reports for the given cameras. A camera with no report is offline. May throw (a recorder host unreachable):
   * every camera asked is then answered offline and listed in the answer's errors.
   */
  statuses(uidds: readonly Uidd[]): Promise<ReadonlyMap<Uidd, CameraStatusReport>>;
  /**
   * Every camera this provider reports, counted by health state, with a page of those in trouble (decision 0747).
   * A recorder's own view; a server asking recorders has `RoutedCameraStatus.tallyOf` instead.
   */
  tally?(q: TallyQuery): Promise<StatusTally>;
}

/**
 * The default provider: an in-memory board the in-process recorder writes to. Until the recorder reports,
 * every camera is offline.
 */
export class InMemoryCameraStatus implements CameraStatusProvider {
  readonly #reports = new Map<Uidd, CameraStatusReport>();

  async statuses(uidds: readonly Uidd[]): Promise<ReadonlyMap<Uidd, CameraStatusReport>> {
    const out = new Map<Uidd, CameraStatusReport>();
    for (const u of uidds) {
      const r = this.#reports.get(u);
      if (r) out.set(u, r);
    }
    return out;
  }

  async tally(q: TallyQuery): Promise<StatusTally> {
    return tallyReports(this.#reports, q);
  }

  /** Replaces a camera's report. */
  report(uidd: Uidd, report: CameraStatusReport): void {
    this.#reports.set(uidd, { ...report });
  }

  /** Merges into a camera's report (offline until a state is given). */
  update(uidd: Uidd, patch: Partial<CameraStatusReport>): void {
    this.#reports.set(uidd, { state: 'offline', ...this.#reports.get(uidd), ...patch });
  }

  forget(uidd: Uidd): void {
    this.#reports.delete(uidd);
  }
}

/** The API status: uninstalled from the database wins; the recorder's 'live' (or 'online') is online; else offline. */
export function apiStatusOf(uninstalled: boolean, report: CameraStatusReport | undefined): CameraStatusValue {
  if (uninstalled) return 'uninstalled';
  return report?.state === 'live' || report?.state === 'online' ? 'online' : 'offline';
}

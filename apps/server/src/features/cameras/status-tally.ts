import { HEALTH_BEHIND_MS, type Uidd } from '@vigil/contracts';

/** What a tally reads of a status report (status-provider.ts's `CameraStatusReport` has these). */
interface ReportLike {
  state: string;
  problem?: string | null | undefined;
  lastActivity?: number | null | undefined;
}

/**
 * A recorder's cameras counted by how they are doing, with one page of those in trouble (decision 0747): what the
 * health screen asks instead of every camera's report, so its answer does not grow with the fleet.
 */
export interface TallyQuery {
  now: number;
  offset: number;
  limit: number;
}

export interface TalliedCamera {
  uidd: Uidd;
  state: 'offline' | 'behind';
  /** Why it is offline (the recorder's problem, else its state); null when behind. */
  reason: string | null;
  lastActivity: number | null;
}

export interface StatusTally {
  /** Cameras reported, by state. Cameras not reported at all are not here: the caller knows how many it expects. */
  counts: { recording: number; behind: number; offline: number };
  /** Offline and behind in all: the pages' total. */
  problems: number;
  /** The page asked for: offline first, then behind, each by uidd (a stable order to page through). */
  page: TalliedCamera[];
}

export type HealthState = 'recording' | 'behind' | 'offline';

/** Recording, offline, or behind (online but no video for HEALTH_BEHIND_MS). */
export function healthStateOf(r: ReportLike | undefined, now: number): HealthState {
  const online = r?.state === 'live' || r?.state === 'online';
  if (!online) return 'offline';
  const last = r?.lastActivity ?? null;
  return last !== null && now - last > HEALTH_BEHIND_MS ? 'behind' : 'recording';
}

/** One pass over the reports: counts, and the problem cameras sorted and cut to the page. */
export function tallyReports(reports: Iterable<readonly [Uidd, ReportLike]>, q: TallyQuery): StatusTally {
  const counts = { recording: 0, behind: 0, offline: 0 };
  const problems: TalliedCamera[] = [];
  for (const [uidd, r] of reports) {
    const state = healthStateOf(r, q.now);
    counts[state] += 1;
    if (state === 'recording') continue;
    problems.push({
      uidd,
      state,
      reason: state === 'offline' ? (r.problem ?? r.state) : null,
      lastActivity: r.lastActivity ?? null,
    });
  }
  problems.sort((a, b) =>
    a.state === b.state ? (a.uidd < b.uidd ? -1 : a.uidd > b.uidd ? 1 : 0) : a.state === 'offline' ? -1 : 1,
  );
  return { counts, problems: problems.length, page: problems.slice(q.offset, q.offset + q.limit) };
}

export const EMPTY_TALLY: StatusTally = {
  counts: { recording: 0, behind: 0, offline: 0 },
  problems: 0,
  page: [],
};

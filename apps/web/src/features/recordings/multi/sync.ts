import type { MediaMap } from '../timeline/media-map.ts';

/** Cameras played together at most (a 2×2 grid; four decoders are what a phone still manages). */
export const MULTI_MAX_CAMERAS = 4;
export const MULTI_MIN_CAMERAS = 2;
/**
 * A follower further than this from the shared clock is sought back to it. Below it, players drift a little
 * (each buffers on its own) without a visible difference; a seek costs a keyframe's decode, so not at every tick.
 */
export const MULTI_DRIFT_MS = 800;

/** One camera of the group: its playlist's map (once loaded) and where its video is, on the clock. */
export interface Member {
  uidd: string;
  map: MediaMap | undefined;
  /** The wall-clock time its video shows, undefined before its playlist is loaded. */
  wallMs: number | undefined;
}

/** What one member must do to stay with the clock. */
export type Step =
  | { kind: 'keep' }
  | { kind: 'seek'; mediaSec: number }
  /** Nothing recorded at the clock: paused until the clock reaches its next recording. */
  | { kind: 'wait' };

/** Whether `m` has a recording at `ms` (not only after it). */
export function records(m: Member, ms: number): boolean {
  const at = m.map?.toMedia(ms);
  return at !== undefined && !at.snapped && m.map?.toWall(at.mediaSec) !== undefined;
}

/**
 * The member whose video drives the shared clock: the first (in the order chosen) that has a recording where the
 * clock is. The others follow it; when none has, the clock moves to the earliest recording after it.
 */
export function leaderOf(members: readonly Member[], clockMs: number): Member | undefined {
  return members.find((m) => records(m, clockMs));
}

/** The earliest instant after `clockMs` any member recorded (where the clock goes across a gap of all). */
export function nextRecorded(members: readonly Member[], clockMs: number): number | undefined {
  let best: number | undefined;
  for (const m of members) {
    const at = m.map?.toMedia(clockMs);
    const wall = at && m.map?.toWall(at.mediaSec);
    if (wall !== undefined && wall >= clockMs && (best === undefined || wall < best)) best = wall;
  }
  return best;
}

/** What a follower does so that its picture is the clock's instant (the leader keeps playing). */
export function stepOf(m: Member, clockMs: number): Step {
  if (!m.map) return { kind: 'keep' };
  if (!records(m, clockMs)) return { kind: 'wait' };
  if (m.wallMs !== undefined && Math.abs(m.wallMs - clockMs) <= MULTI_DRIFT_MS) return { kind: 'keep' };
  const at = m.map.toMedia(clockMs);
  return at ? { kind: 'seek', mediaSec: at.mediaSec } : { kind: 'wait' };
}

import { type PlanLosses, type PlanSelection, RESOLUTIONS } from '@vigil/contracts';

/** A camera that records to the cloud, in install order (oldest first). */
export interface CloudCamera {
  uidd: string;
  name: string;
}

/**
 * The cameras that stop recording to the cloud under a limit of `limit` (decision 0853): those installed first
 * keep recording, the last installed beyond the count stop (the newest are the least likely to hold an owner's
 * long-standing coverage, and the rule is one a person can predict).
 */
export function camerasOverLimit(cameras: readonly CloudCamera[], limit: number): CloudCamera[] {
  return cameras.slice(limit);
}

/** What changing from `current` to `next` takes away (empty fields: nothing lost); `cameras` oldest first. */
export function planLosses(
  current: PlanSelection,
  next: PlanSelection,
  cameras: readonly CloudCamera[],
): PlanLosses {
  const rank = (r: string) => RESOLUTIONS.indexOf(r as (typeof RESOLUTIONS)[number]);
  return {
    storageDays:
      next.storageDays < current.storageDays ? { from: current.storageDays, to: next.storageDays } : null,
    cameraLimit: next.cameras < current.cameras ? { from: current.cameras, to: next.cameras } : null,
    stoppingCameras: camerasOverLimit(cameras, next.cameras),
    resolution:
      rank(next.resolution) < rank(current.resolution)
        ? { from: current.resolution, to: next.resolution }
        : null,
    addonsLost: current.addons.filter((a) => !next.addons.includes(a)),
  };
}

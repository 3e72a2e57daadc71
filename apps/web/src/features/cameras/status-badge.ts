import type { CameraStatus } from '@vigil/contracts';
import type { LivePhase } from './live/mse-player.ts';

/** The badges of spec 001 §4: the three API statuses and the further names the product shows. */
export const BADGES = [
  'online',
  'offline',
  'uninstalled',
  'loading',
  'standby',
  'noVideo',
  'videoUnsupported',
] as const;
export type Badge = (typeof BADGES)[number];

/**
 * A camera's badge from its status (the server's view) and, while it is shown live, the player's phase (this
 * browser's view): the server says online/offline/uninstalled and why a camera is offline (`problem`); the
 * player knows whether video actually arrives and whether this browser can decode it.
 */
export function badgeOf(status: CameraStatus | undefined, phase?: LivePhase): Badge {
  if (!status) return 'loading';
  if (status.status === 'uninstalled') return 'uninstalled';
  if (phase === 'unsupported') return 'videoUnsupported';
  // Frames on screen are proof enough, whatever the last status poll said.
  if (phase === 'playing') return 'online';
  if (status.status === 'offline') {
    switch (status.problem) {
      case 'starting':
        return 'loading';
      case 'standby':
        return 'standby';
      case 'no video':
        return 'noVideo';
      case 'video unsupported':
        return 'videoUnsupported';
      default:
        return 'offline';
    }
  }
  if (phase === 'connecting') return 'loading';
  if (phase === 'stalled') return 'noVideo';
  return 'online';
}

/** Why an offline camera is offline, when the recorder knows more than the badge says (decision 0308). */
export const OFFLINE_REASONS = ['unreachable', 'unauthorised'] as const;
export type OfflineReason = (typeof OFFLINE_REASONS)[number];

export function offlineReason(status: CameraStatus | undefined): OfflineReason | undefined {
  if (status?.status !== 'offline') return undefined;
  return OFFLINE_REASONS.find((r) => r === status.problem);
}

/**
 * The recordings' disk cannot be kept free (decision 0208): recordings are at risk, whatever the badge says. The
 * server says it in `problem`, online or not.
 */
export const storageFull = (status: CameraStatus | undefined): boolean => status?.problem === 'storage full';

/** Whether a live player is worth starting for this badge (an offline camera shows its last still). */
export const canPlay = (b: Badge): boolean =>
  b === 'online' || b === 'loading' || b === 'standby' || b === 'noVideo';

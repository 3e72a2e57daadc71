import { z } from 'zod';
import { Uidd } from './ids.ts';

/**
 * A short, single-purpose grant for a media URL (decision 0014): what an <img>, <video> or WebSocket address
 * carries instead of the 20-minute auth token. `live`: live video; `recorded`: recorded video and its frames;
 * `still`: the camera's latest thumbnail and still (which any access to the camera shows, decision 0303);
 * `live-playlist`: a native HLS player's live playlist address, which the player reloads unchanged for as long as
 * it plays, so it lives LIVE_PLAYLIST_GRANT_TTL_SEC and is checked against the session and access at every reload.
 */
export const MediaGrantPurpose = z.enum(['live', 'recorded', 'still', 'live-playlist']);
export type MediaGrantPurpose = z.infer<typeof MediaGrantPurpose>;

export const MediaGrantBody = z.strictObject({ uidd: Uidd, purpose: MediaGrantPurpose });
export type MediaGrantBody = z.infer<typeof MediaGrantBody>;

export const MediaGrantResult = z.object({
  /** URL-safe; goes where the spec puts a token in a media URL (`?token=`, or /stream/…/{token}). */
  grant: z.string(),
  /** Epoch ms. */
  expiresAt: z.number().int(),
});
export type MediaGrantResult = z.infer<typeof MediaGrantResult>;

import { z } from 'zod';
import { CameraQueryError, MAX_UIDDS_PER_QUERY } from './cameras.ts';
import { Uid, Uidd } from './ids.ts';

/** Viewer settings (spec 000 §7, 001 §7). */

export const VIEWER_SETTINGS_MAX_BYTES = 16_384;

/** Viewer settings are per user and camera; their shape is not shown in the spec, so any JSON object. */
export const ViewerSettings = z
  .record(z.string().max(100), z.unknown())
  .refine((o) => JSON.stringify(o).length <= VIEWER_SETTINGS_MAX_BYTES, {
    message: `must be at most ${VIEWER_SETTINGS_MAX_BYTES} bytes of JSON`,
  });
export type ViewerSettings = z.infer<typeof ViewerSettings>;

export const ViewerSettingsEntry = z.object({ uidd: Uidd, settings: z.record(z.string(), z.unknown()) });
export type ViewerSettingsEntry = z.infer<typeof ViewerSettingsEntry>;

export const ViewerSettingsBatch = z.object({
  result: z.array(ViewerSettingsEntry),
  errors: z.array(CameraQueryError),
});
export type ViewerSettingsBatch = z.infer<typeof ViewerSettingsBatch>;

export const ViewerUserParams = z.strictObject({ id: Uid });
/** `cameraId` is a uidd, or a bare device id of the user's own camera (then the uidd is userId.cameraId). */
export const ViewerCameraParams = z.strictObject({
  userId: Uid,
  cameraId: z.string().regex(/^[A-Za-z0-9_-]{1,64}(\.[A-Za-z0-9_-]{1,64})?$/, 'must be a camera id'),
});

/**
 * PATCH /viewer/{id}/settings: merges `settings` into the stored settings of each camera (a key set to null is
 * removed). `uidd` is one camera or a list.
 */
export const PatchViewerSettingsBody = z.strictObject({
  uidd: z.union([Uidd.transform((u) => [u]), z.array(Uidd).min(1).max(MAX_UIDDS_PER_QUERY)]),
  settings: ViewerSettings,
});
export type PatchViewerSettingsBody = z.output<typeof PatchViewerSettingsBody>;

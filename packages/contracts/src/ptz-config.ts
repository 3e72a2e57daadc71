import { z } from 'zod';
import { Uidd } from './ids.ts';

/**
 * PTZ configuration and presets (spec 001 §7 `GET/PATCH /cameras/{type}/config` with type ptz; decision 0705).
 * Presets are the camera's own (ONVIF GetPresets, SetPreset, GotoPreset, RemovePreset): nothing is kept here.
 */
export const PTZ_PRESET_NAME_MAX = 40;
/** Letters, digits, spaces and . _ -: what ONVIF cameras commonly accept as a preset name. */
export const PtzPresetName = z
  .string()
  .trim()
  .min(1, 'is required')
  .max(PTZ_PRESET_NAME_MAX)
  .regex(/^[A-Za-z0-9 ._-]+$/, 'use letters, digits, spaces, dots, dashes or underscores');
export const PtzPresetToken = z.string().min(1).max(64);

export const PtzPreset = z.object({ token: z.string(), name: z.string() });
export type PtzPreset = z.infer<typeof PtzPreset>;

export const PtzSettings = z.object({
  ptzEnabled: z.boolean(),
  /** The camera's presets, read from it; empty when PTZ is off. */
  presets: z.array(PtzPreset),
});
export const PtzConfigResponse = z.object({ uidd: Uidd, settings: PtzSettings });
export type PtzConfigResponse = z.infer<typeof PtzConfigResponse>;

/** PATCH /cameras/ptz/config: body uidd, settings (whether the camera's PTZ is used). */
export const PatchPtzConfigBody = z.strictObject({
  uidd: Uidd,
  settings: z.strictObject({ ptzEnabled: z.boolean() }),
});

/** POST /cameras/ptz/presets: save where the camera points now under a name. */
export const SavePtzPresetBody = z.strictObject({ uidd: Uidd, name: PtzPresetName });
/** POST /cameras/ptz/presets/goto and DELETE /cameras/ptz/presets: one preset by its token. */
export const PtzPresetBody = z.strictObject({ uidd: Uidd, token: PtzPresetToken });
export const PtzGotoResponse = z.object({
  uidd: Uidd,
  position: z.object({ pan: z.number(), tilt: z.number(), zoom: z.number() }).optional(),
});

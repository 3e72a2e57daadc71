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

/**
 * `GET /cameras/stream/config` (spec 001 §7 with type stream; §3 bit rate, frame rates, aspect ratio): what the
 * camera's main stream sends, as probed at install (decision 0705). Changing it over ONVIF is not built.
 */
export const StreamSettings = z.object({
  width: z.number().nullable(),
  height: z.number().nullable(),
  /** '16:9', '4:3', or the reduced ratio of another size; null when the size is not known. */
  aspectRatio: z.string().nullable(),
  frameRate: z.number().nullable(),
  videoCodec: z.string(),
  /** The audio codec the camera sends; null: no audio. */
  audioCodec: z.string().nullable(),
  hasSubStream: z.boolean(),
  recordedStream: z.enum(['main', 'sd']),
});
export const StreamConfigResponse = z.object({ uidd: Uidd, settings: StreamSettings });
export type StreamConfigResponse = z.infer<typeof StreamConfigResponse>;

/** The picture's aspect ratio as the product names them (spec 001 §3: 4:3, 16:9), else the reduced fraction. */
export function aspectRatioOf(width: number | null, height: number | null): string | null {
  if (!width || !height) return null;
  const gcd = (a: number, b: number): number => (b === 0 ? a : gcd(b, a % b));
  const d = gcd(width, height);
  const ratio = `${width / d}:${height / d}`;
  // Sizes a few pixels off the named ratios (1920 × 1088, 1440 × 1088) are called by the ratio they show.
  if (Math.abs(width / height - 16 / 9) < 0.02) return '16:9';
  if (Math.abs(width / height - 4 / 3) < 0.02) return '4:3';
  return ratio;
}

import { z } from 'zod';
import { RecordingMode, RecordingResolution } from './cameras.ts';
import { DeviceId, Uid, Uidd } from './ids.ts';
import { AnalyticsScheme } from './licences.ts';

/**
 * Camera configuration calls of spec 001 §7 "Configuration" (decision 0701): cloud recording, recording mode,
 * recording resolution (nvrmode), analytics, and the recording type of `GET/PATCH /cameras/{type}/config`.
 */

/** Spec 001 §7 resolution codes of nvrmode: SD=1, 2MP=0, 4MP=3, 8MP=2. */
export const NVR_MODES = { SD: 1, '2MP': 0, '4MP': 3, '8MP': 2 } as const;
export type NvrModeName = keyof typeof NVR_MODES;
export const NvrMode = z.union([z.literal(0), z.literal(1), z.literal(2), z.literal(3)]);
export type NvrMode = z.infer<typeof NvrMode>;
/** The resolution an nvrmode code stands for. */
export const NVR_MODE_NAMES: Record<NvrMode, NvrModeName> = { 1: 'SD', 0: '2MP', 3: '4MP', 2: '8MP' };

/** The header `PUT /simple/{owner}/{device}/config/nvrmode` carries (spec 001 §7). */
export const NVRMODE_API_VERSION = '2.0.0';

export const CameraPathParams = z.strictObject({ owner: Uid, device: DeviceId });

export const CloudRecordingSimpleBody = z.strictObject({
  /** The spec's body carries the token; the Authorization header is what we check (it may be absent here). */
  token: z.string().max(4096).optional(),
  cloudRecordingEnabled: z.boolean(),
});
export const CloudRecordingBody = z.strictObject({ uidd: Uidd, cloudRecordingEnabled: z.boolean() });
export type CloudRecordingBody = z.infer<typeof CloudRecordingBody>;

export const RecordingModeSimpleBody = z.strictObject({ mode: RecordingMode });
export const RecordingModeBody = z.strictObject({ uidd: Uidd, mode: RecordingMode });

export const NvrModeSimpleBody = z.strictObject({ nvrmode: NvrMode });
export const NvrModeBody = z.strictObject({ uidd: Uidd, nvrmode: NvrMode });

export const CamerasAnalyticsBody = z.strictObject({
  uidd: Uidd,
  enabled: z.boolean(),
  scheme: AnalyticsScheme.optional(),
});
export type CamerasAnalyticsBody = z.infer<typeof CamerasAnalyticsBody>;

/** A camera's recording settings: `GET /cameras/recording/config` and the answer of every recording call. */
export const RecordingSettings = z.object({
  cloudRecordingEnabled: z.boolean(),
  mode: RecordingMode,
  /** The chosen nvrmode; null: none chosen, the main stream is recorded. */
  nvrmode: NvrMode.nullable(),
  /** The stream recorded, and its class (spec 001 §3 recordingResolution follows it). */
  recordedStream: z.enum(['main', 'sd']),
  recordingResolution: RecordingResolution,
});
export type RecordingSettings = z.infer<typeof RecordingSettings>;

export const RecordingConfigResponse = z.object({
  uidd: Uidd,
  settings: RecordingSettings,
  /** Spec 001 §5, §8: an err field in the answer is raised by the web app as an error. Absent when done. */
  err: z.string().optional(),
});
export type RecordingConfigResponse = z.infer<typeof RecordingConfigResponse>;

export const PatchRecordingConfigBody = z.strictObject({
  uidd: Uidd,
  settings: z.strictObject({
    cloudRecordingEnabled: z.boolean().optional(),
    mode: RecordingMode.optional(),
    nvrmode: NvrMode.optional(),
  }),
});
export type PatchRecordingConfigBody = z.infer<typeof PatchRecordingConfigBody>;

export const AnalyticsSettings = z.object({ enabled: z.boolean(), scheme: AnalyticsScheme.nullable() });
export const AnalyticsSettingsResponse = z.object({
  uidd: Uidd,
  settings: AnalyticsSettings,
  err: z.string().optional(),
});
export type AnalyticsSettingsResponse = z.infer<typeof AnalyticsSettingsResponse>;

export const CameraConfigQuery = z.strictObject({ uidd: Uidd });

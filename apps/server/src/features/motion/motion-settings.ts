import {
  MOTION_SENSITIVITY_DEFAULT,
  type MotionConfigResponse,
  type MotionSettings,
  MotionZones,
  type PatchMotionConfigBody,
  type Uidd,
} from '@vigil/contracts';
import type { CamerasTable as CameraRow } from '@vigil/db';
import type { Caller } from '../../shared/caller.ts';
import type { CameraAccess } from '../access/camera-access.ts';
import type { RecorderCamera as DirectoryCamera } from '../cameras/camera-directory.ts';
import type { CameraSettings } from '../cameras/camera-settings.ts';

/** The zones stored on a camera row; a row from before migration 0008, or unreadable JSON, has none. */
export function zonesOf(row: Pick<CameraRow, 'motion_zones'>): MotionSettings['zones'] {
  try {
    const parsed = MotionZones.safeParse(JSON.parse(row.motion_zones ?? '[]'));
    return parsed.success ? parsed.data : [];
  } catch {
    return [];
  }
}

export function motionSettingsOf(row: CameraRow): MotionSettings {
  return {
    sensitivity: row.motion_sensitivity || MOTION_SENSITIVITY_DEFAULT,
    zones: zonesOf(row),
    rom: row.recording_mode === 'rom',
  };
}

/**
 * How a camera of the directory (features/cameras/camera-directory.ts) is recorded and watched for motion: the
 * `recording` and `motion` fields of the recorder's RecorderCamera (docs/decisions/0553).
 */
export function recorderMotionOf(
  c: Pick<DirectoryCamera, 'cloudRecordingEnabled' | 'recordingMode' | 'motionSensitivity' | 'motionZones'>,
): {
  recording: 'continuous' | 'rom' | 'off';
  motion: { sensitivity: number; zones: MotionSettings['zones'] };
} {
  return {
    recording: c.cloudRecordingEnabled ? (c.recordingMode === 'rom' ? 'rom' : 'continuous') : 'off',
    motion: { sensitivity: c.motionSensitivity || MOTION_SENSITIVITY_DEFAULT, zones: c.motionZones },
  };
}

/** Reading and changing a camera's motion settings (GET/PATCH /cameras/motion/config). */
export class MotionSettingsService {
  readonly #access: CameraAccess;
  readonly #cameras: Pick<CameraSettings, 'setMotion'>;
  constructor(d: { access: CameraAccess; cameras: Pick<CameraSettings, 'setMotion'> }) {
    this.#access = d.access;
    this.#cameras = d.cameras;
  }

  /** Anyone who sees the camera may read them (the settings screen of a read-only user shows them). */
  async get(caller: Caller, uidd: Uidd): Promise<MotionConfigResponse> {
    const row = await this.#access.require(caller, uidd, 'view');
    return { uidd, settings: motionSettingsOf(row) };
  }

  /** Changing them takes the camera-settings right; the recorder picks the change up without a restart. */
  async patch(caller: Caller, body: PatchMotionConfigBody): Promise<MotionConfigResponse> {
    await this.#access.require(caller, body.uidd, 'cameraSettings');
    const s = body.settings;
    const set: Partial<Pick<CameraRow, 'motion_sensitivity' | 'motion_zones' | 'recording_mode'>> = {};
    if (s.sensitivity !== undefined) set.motion_sensitivity = s.sensitivity;
    if (s.zones !== undefined) set.motion_zones = JSON.stringify(s.zones);
    if (s.rom !== undefined) set.recording_mode = s.rom ? 'rom' : 'continuous';
    await this.#cameras.setMotion(body.uidd, set);
    return this.get(caller, body.uidd);
  }
}

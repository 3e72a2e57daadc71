import type {
  NvrMode,
  PatchRecordingConfigBody,
  RecordingConfigResponse,
  RecordingMode,
  RecordingResolution,
  RecordingSettings,
  Uidd,
} from '@vigil/contracts';
import { type CamerasTable as CameraRow, toBool } from '@vigil/db';
import { HttpError } from '../../http/errors.ts';
import type { Caller } from '../../shared/caller.ts';
import type { CameraAccess } from '../access/camera-access.ts';
import { resolutionOf } from '../cameras/camera-mapper.ts';
import type { CameraSettings, RecordingFields } from '../cameras/camera-settings.ts';
import type { LicencesService } from '../licences/licences-service.ts';
import { chooseRecordedStream } from './recorded-stream.ts';

export function recordingSettingsOf(row: CameraRow): RecordingSettings {
  return {
    cloudRecordingEnabled: toBool(row.cloud_recording_enabled),
    mode: row.recording_mode as RecordingMode,
    nvrmode: (row.nvr_mode ?? null) as NvrMode | null,
    recordedStream: row.recorded_stream === 'sd' ? 'sd' : 'main',
    recordingResolution: row.recording_resolution as RecordingResolution,
  };
}

/** The main stream's class: from its probed size, else what the row says when the main stream is recorded. */
function mainClassOf(row: CameraRow): RecordingResolution {
  if (row.video_width && row.video_height) return resolutionOf(row.video_width, row.video_height);
  return row.recorded_stream === 'sd' ? '2MP' : (row.recording_resolution as RecordingResolution);
}

/**
 * A camera's recording settings (spec 001 §7 Configuration): cloud recording on/off (off: the recorder stops
 * writing, live still works), continuous or on motion (the switch of `rom`), the recording resolution (nvrmode).
 * Reading takes sight of the camera; changing takes the camera-settings right, then the licences (decision 0700).
 */
export class RecordingConfigService {
  readonly #access: CameraAccess;
  readonly #cameras: Pick<CameraSettings, 'setRecording'>;
  readonly #licences: Pick<LicencesService, 'requireCloudSlot' | 'requireResolution'>;
  constructor(d: {
    access: CameraAccess;
    cameras: Pick<CameraSettings, 'setRecording'>;
    licences: Pick<LicencesService, 'requireCloudSlot' | 'requireResolution'>;
  }) {
    this.#access = d.access;
    this.#cameras = d.cameras;
    this.#licences = d.licences;
  }

  async get(caller: Caller, uidd: Uidd): Promise<RecordingConfigResponse> {
    const row = await this.#access.require(caller, uidd, 'view');
    return { uidd, settings: recordingSettingsOf(row) };
  }

  /** Every change of the recording settings; each field is checked before any is written. */
  async patch(caller: Caller, body: PatchRecordingConfigBody): Promise<RecordingConfigResponse> {
    const row = await this.#access.require(caller, body.uidd, 'cameraSettings');
    const s = body.settings;
    const set: Partial<RecordingFields> = {};
    if (s.cloudRecordingEnabled !== undefined) {
      const on = toBool(row.cloud_recording_enabled);
      if (s.cloudRecordingEnabled && !on) await this.#licences.requireCloudSlot(row.owner_uid);
      set.cloud_recording_enabled = s.cloudRecordingEnabled ? 1 : 0;
    }
    if (s.mode !== undefined) set.recording_mode = s.mode;
    if (s.nvrmode !== undefined) Object.assign(set, await this.#nvr(row, s.nvrmode));
    await this.#cameras.setRecording(body.uidd, set);
    return this.get(caller, body.uidd);
  }

  setCloudRecording(caller: Caller, uidd: Uidd, enabled: boolean): Promise<RecordingConfigResponse> {
    return this.patch(caller, { uidd, settings: { cloudRecordingEnabled: enabled } });
  }

  setMode(caller: Caller, uidd: Uidd, mode: RecordingMode): Promise<RecordingConfigResponse> {
    return this.patch(caller, { uidd, settings: { mode } });
  }

  setNvrMode(caller: Caller, uidd: Uidd, nvrmode: NvrMode): Promise<RecordingConfigResponse> {
    return this.patch(caller, { uidd, settings: { nvrmode } });
  }

  /** A schedule's switch (features/schedules): no caller, but within the licences like a change by hand. */
  async scheduled(uidd: Uidd, on: boolean, owner: string): Promise<void> {
    if (on) await this.#licences.requireCloudSlot(owner);
    await this.#cameras.setRecording(uidd, { cloud_recording_enabled: on ? 1 : 0 });
  }

  async #nvr(row: CameraRow, nvrmode: NvrMode): Promise<Partial<RecordingFields>> {
    const choice = chooseRecordedStream(nvrmode, {
      main: mainClassOf(row),
      hasSd: row.sd_stream_url !== null,
    });
    if (!choice.ok) throw new HttpError(409, 'resolution_unavailable', choice.problem, {}, true);
    await this.#licences.requireResolution(row.owner_uid, choice.resolution);
    return {
      nvr_mode: nvrmode,
      recorded_stream: choice.stream,
      recording_resolution: choice.resolution,
    };
  }
}

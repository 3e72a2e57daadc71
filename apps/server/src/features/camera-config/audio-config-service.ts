import type { AudioConfigResponse, Uidd } from '@vigil/contracts';
import { toBool } from '@vigil/db';
import { HttpError } from '../../http/errors.ts';
import type { Caller } from '../../shared/caller.ts';
import type { CameraAccess } from '../access/camera-access.ts';
import type { CameraSettings } from '../cameras/camera-settings.ts';

type Row = Awaited<ReturnType<CameraAccess['require']>>;

/**
 * Whether a camera's sound is taken (decision 0715): read by anyone who sees the camera, changed with the
 * camera-settings right. The switch goes through the cameras feature's `CameraSettings.setDevice`, which tells the
 * recorder: it restarts the camera's streams with or without their audio track.
 */
export class AudioConfigService {
  readonly #access: CameraAccess;
  readonly #settings: Pick<CameraSettings, 'setDevice'>;
  constructor(d: { access: CameraAccess; settings: Pick<CameraSettings, 'setDevice'> }) {
    this.#access = d.access;
    this.#settings = d.settings;
  }

  async get(caller: Caller, uidd: Uidd): Promise<AudioConfigResponse> {
    return answer(await this.#access.require(caller, uidd, 'view'));
  }

  async patch(caller: Caller, uidd: Uidd, audioEnabled: boolean): Promise<AudioConfigResponse> {
    const row = await this.#access.require(caller, uidd, 'cameraSettings');
    if (audioEnabled && row.audio_codec === null)
      throw new HttpError(409, 'audio_unavailable', 'This camera sends no sound', {}, true);
    await this.#settings.setDevice(uidd, { audio: audioEnabled });
    return answer({ ...row, audio_enabled: audioEnabled ? 1 : 0 });
  }
}

function answer(row: Row): AudioConfigResponse {
  return {
    uidd: row.uidd as Uidd,
    settings: { audioEnabled: toBool(row.audio_enabled), audioCodec: row.audio_codec },
  };
}

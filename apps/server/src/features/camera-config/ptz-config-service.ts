import {
  aspectRatioOf,
  type PtzConfigResponse,
  type StreamConfigResponse,
  type Uidd,
} from '@vigil/contracts';
import { toBool } from '@vigil/db';
import { HttpError } from '../../http/errors.ts';
import type { Caller } from '../../shared/caller.ts';
import type { CameraAccess } from '../access/camera-access.ts';
import type { CameraDirectory } from '../cameras/camera-directory.ts';
import type { CameraSettings } from '../cameras/camera-settings.ts';
import { OnvifError } from '../cameras/onvif/client.ts';
import type { CameraPtzControl, PtzVector } from '../cameras/ptz.ts';
import { ptzHttpError } from '../cameras/ptz-errors.ts';

type Row = Awaited<ReturnType<CameraAccess['require']>>;

/**
 * A camera's PTZ configuration and presets (decision 0705): whether PTZ is used, and the presets the camera keeps
 * (ONVIF), listed, saved, gone to and removed through the cameras feature's PTZ control. A camera's failure is
 * answered as a PTZ step's is (decision 0307).
 */
export class PtzConfigService {
  readonly #access: CameraAccess;
  readonly #settings: CameraSettings;
  readonly #directory: CameraDirectory;
  readonly #ptz: CameraPtzControl;
  constructor(d: {
    access: CameraAccess;
    settings: CameraSettings;
    directory: CameraDirectory;
    ptz: CameraPtzControl;
  }) {
    this.#access = d.access;
    this.#settings = d.settings;
    this.#directory = d.directory;
    this.#ptz = d.ptz;
  }

  /** GET /cameras/ptz/config?uidd=: the presets are read from the camera, so it takes the PTZ right. */
  async get(caller: Caller, uidd: Uidd): Promise<PtzConfigResponse> {
    return this.#answer(await this.#access.require(caller, uidd, 'ptz'));
  }

  /** PATCH /cameras/ptz/config: PTZ used or not (the camera-settings right). */
  async patch(caller: Caller, uidd: Uidd, ptzEnabled: boolean): Promise<PtzConfigResponse> {
    const row = await this.#access.require(caller, uidd, 'cameraSettings');
    await this.#settings.setDevice(uidd, { ptz: ptzEnabled });
    return this.#answer({ ...row, ptz_enabled: ptzEnabled ? 1 : 0 });
  }

  async save(caller: Caller, uidd: Uidd, name: string): Promise<PtzConfigResponse> {
    const row = await this.#ptzRow(caller, uidd);
    const presets = await this.#camera(() => this.#ptz.presets(uidd, this.#directory.onvifTarget(row)));
    if (presets.some((p) => p.name.toLocaleLowerCase() === name.toLocaleLowerCase()))
      throw new HttpError(409, 'conflict', `A preset is already called "${name}"`);
    await this.#camera(() => this.#ptz.savePreset(uidd, this.#directory.onvifTarget(row), name));
    return this.#answer(row);
  }

  async goto(caller: Caller, uidd: Uidd, token: string): Promise<{ uidd: Uidd; position?: PtzVector }> {
    const row = await this.#ptzRow(caller, uidd);
    const moved = await this.#camera(() =>
      this.#ptz.gotoPreset(uidd, this.#directory.onvifTarget(row), token),
    );
    return { uidd, ...moved };
  }

  async remove(caller: Caller, uidd: Uidd, token: string): Promise<PtzConfigResponse> {
    const row = await this.#ptzRow(caller, uidd);
    await this.#camera(() => this.#ptz.removePreset(uidd, this.#directory.onvifTarget(row), token));
    return this.#answer(row);
  }

  /** GET /cameras/stream/config?uidd=: what the camera sends, as probed (anyone who sees the camera). */
  async stream(caller: Caller, uidd: Uidd): Promise<StreamConfigResponse> {
    const r = await this.#access.require(caller, uidd, 'view');
    return {
      uidd,
      settings: {
        width: r.video_width,
        height: r.video_height,
        aspectRatio: aspectRatioOf(r.video_width, r.video_height),
        frameRate: r.frame_rate,
        videoCodec: r.video_codec,
        audioCodec: r.audio_codec,
        hasSubStream: r.sd_stream_url !== null,
        recordedStream: r.recorded_stream === 'sd' ? 'sd' : 'main',
      },
    };
  }

  async #ptzRow(caller: Caller, uidd: Uidd): Promise<Row> {
    const row = await this.#access.require(caller, uidd, 'ptz');
    if (!toBool(row.ptz_enabled))
      throw new HttpError(400, 'ptz_unsupported', 'This camera does not support pan, tilt and zoom');
    return row;
  }

  async #answer(row: Row): Promise<PtzConfigResponse> {
    const ptzEnabled = toBool(row.ptz_enabled);
    const presets = ptzEnabled
      ? await this.#camera(() => this.#ptz.presets(row.uidd, this.#directory.onvifTarget(row)))
      : [];
    return { uidd: row.uidd as Uidd, settings: { ptzEnabled, presets } };
  }

  async #camera<T>(call: () => Promise<T>): Promise<T> {
    try {
      return await call();
    } catch (err) {
      if (err instanceof OnvifError) throw ptzHttpError(err);
      throw err;
    }
  }
}

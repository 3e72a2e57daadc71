import type { PatchStreamConfigBody, StreamEncoder, StreamEncodersResponse, Uidd } from '@vigil/contracts';
import { HttpError } from '../../http/errors.ts';
import type { Caller } from '../../shared/caller.ts';
import type { CameraAccess } from '../access/camera-access.ts';
import type { CameraDirectory } from '../cameras/camera-directory.ts';
import type { CameraSettings } from '../cameras/camera-settings.ts';
import { OnvifError } from '../cameras/onvif/client.ts';
import type {
  CameraStreamEncoders,
  EncodedStream,
  EncoderChange,
  StreamEncoder as OnvifStreamEncoder,
} from '../cameras/stream-encoders.ts';
import type { PtzConfigService } from './ptz-config-service.ts';

type Row = Awaited<ReturnType<CameraAccess['require']>>;

function toApi(e: OnvifStreamEncoder): StreamEncoder {
  const { config: c, options: o } = e;
  return {
    width: c.width,
    height: c.height,
    frameRate: c.frameRate,
    bitrateKbps: c.bitrateKbps,
    gopFrames: c.gopFrames,
    encoding: c.encoding,
    resolutions: o.resolutions,
    frameRateRange: o.frameRate,
    bitrateKbpsRange: o.bitrateKbps,
    gopFramesRange: o.gopFrames,
  };
}

/** Why a change is outside what the stream's encoder offers, or undefined when it is within. */
export function outsideOffer(e: OnvifStreamEncoder, n: EncoderChange): string | undefined {
  const o = e.options;
  if (
    (n.width !== e.config.width || n.height !== e.config.height) &&
    !o.resolutions.some((r) => r.width === n.width && r.height === n.height)
  )
    return `The camera offers ${o.resolutions.map((r) => `${r.width}x${r.height}`).join(', ')}, not ${n.width}x${n.height}`;
  const within = (v: number | null, r: { min: number; max: number } | null, what: string) =>
    v !== null && r && (v < r.min || v > r.max)
      ? `The camera offers ${what} from ${r.min} to ${r.max}`
      : undefined;
  return (
    within(n.frameRate, o.frameRate, 'frame rates') ??
    within(n.bitrateKbps, o.bitrateKbps, 'bit rates (kbit/s)') ??
    within(n.gopFrames, o.gopFrames, 'keyframe intervals (frames)')
  );
}

/**
 * A camera's stream settings changed on the camera over ONVIF (decision 0714): each stream's video encoder
 * configuration read (with what it offers), a change checked against the offer and set; the camera restarts that
 * stream and the recorder reconnects at once. The main stream's stored size and rate follow the change.
 */
export class StreamConfigService {
  readonly #access: CameraAccess;
  readonly #directory: CameraDirectory;
  readonly #settings: CameraSettings;
  readonly #encoders: CameraStreamEncoders;
  readonly #probed: Pick<PtzConfigService, 'stream'>;
  constructor(d: {
    access: CameraAccess;
    directory: CameraDirectory;
    settings: CameraSettings;
    encoders: CameraStreamEncoders;
    probed: Pick<PtzConfigService, 'stream'>;
  }) {
    this.#access = d.access;
    this.#directory = d.directory;
    this.#settings = d.settings;
    this.#encoders = d.encoders;
    this.#probed = d.probed;
  }

  /** GET /cameras/stream/encoders?uidd=: asks the camera, so it takes the camera-settings right. */
  async encoders(caller: Caller, uidd: Uidd): Promise<StreamEncodersResponse> {
    const row = await this.#access.require(caller, uidd, 'cameraSettings');
    const read = await this.#read(row);
    return this.#answer(caller, uidd, read);
  }

  /** PATCH /cameras/stream/config: one stream's size, frame rate, bit rate or keyframe interval. */
  async patch(caller: Caller, body: PatchStreamConfigBody): Promise<StreamEncodersResponse> {
    const row = await this.#access.require(caller, body.uidd, 'cameraSettings');
    const { stream, ...s } = body.settings;
    const read = await this.#read(row);
    const current = read[stream];
    if (!current) throw new HttpError(400, 'stream_unsupported', 'The camera has no sub stream to change');
    const c = current.config;
    const next: EncoderChange = {
      width: s.width ?? c.width,
      height: s.height ?? c.height,
      frameRate: s.frameRate ?? c.frameRate,
      bitrateKbps: s.bitrateKbps ?? c.bitrateKbps,
      gopFrames: s.gopFrames ?? c.gopFrames,
    };
    const why = outsideOffer(current, next);
    if (why) throw new HttpError(400, 'stream_setting_unavailable', why, {}, true);
    await this.#camera(() => this.#encoders.write(this.#directory.onvifTarget(row), c, next));
    if (stream === 'main')
      await this.#settings.setStreamInfo(body.uidd, {
        width: next.width,
        height: next.height,
        frameRate: next.frameRate,
      });
    const after = { ...read, [stream]: { ...current, config: { ...c, ...next } } };
    return this.#answer(caller, body.uidd, after);
  }

  async #answer(
    caller: Caller,
    uidd: Uidd,
    read: Partial<Record<EncodedStream, OnvifStreamEncoder>>,
  ): Promise<StreamEncodersResponse> {
    const main = read.main as OnvifStreamEncoder;
    const { settings } = await this.#probed.stream(caller, uidd);
    return {
      uidd,
      settings,
      encoders: { main: toApi(main), ...(read.sd ? { sd: toApi(read.sd) } : {}) },
    };
  }

  async #read(row: Row): Promise<Partial<Record<EncodedStream, OnvifStreamEncoder>>> {
    if (row.onvif_port === null)
      throw new HttpError(
        400,
        'stream_unsupported',
        'This camera was installed without ONVIF: its streams cannot be changed from here',
      );
    const read = await this.#camera(() => this.#encoders.read(this.#directory.onvifTarget(row)));
    if (!read.main) throw new HttpError(400, 'stream_unsupported', 'The camera lists no video encoder');
    return read;
  }

  async #camera<T>(call: () => Promise<T>): Promise<T> {
    try {
      return await call();
    } catch (err) {
      if (!(err instanceof OnvifError)) throw err;
      if (err.kind === 'unsupported') throw new HttpError(400, 'stream_unsupported', err.message);
      // The camera's own words (a refused value says why); never 401/403, which would speak of the caller.
      throw new HttpError(err.kind === 'timeout' ? 504 : 502, 'stream_camera_failed', err.message, {}, true);
    }
  }
}

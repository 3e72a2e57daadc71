import { DEFAULT_PATHS, OnvifClient, OnvifError, type OnvifTarget, pathOf } from './onvif/client.ts';
import {
  type EncoderChange,
  type EncoderConfig,
  type EncoderOptions,
  mediaRequests,
  parseEncoderConfig,
  parseEncoderOptions,
  parseProfileEncoders,
} from './onvif/media.ts';
import { parseCapabilities, requests } from './onvif/soap.ts';
import { ONVIF_TIMEOUT_MS } from './ptz.ts';

export type { EncoderChange, EncoderConfig, EncoderOptions };

export type EncodedStream = 'main' | 'sd';

/** A stream's encoder as the camera reports it, and what it offers. */
export interface StreamEncoder {
  config: EncoderConfig;
  options: EncoderOptions;
}

/**
 * A camera's stream encoders over ONVIF Media (decision 0714), for features/camera-config. The camera's profiles in
 * its order name the streams: the first profile's encoder is the main stream's, the second's the sub stream's (the
 * order cameras list them in; ONVIF itself does not say which profile feeds which RTSP address).
 */
export interface CameraStreamEncoders {
  /** Each stream's encoder the camera has (the sub stream's only where it has a second profile). Throws OnvifError. */
  read(target: OnvifTarget): Promise<Partial<Record<EncodedStream, StreamEncoder>>>;
  /** Applies a change to one stream's encoder (SetVideoEncoderConfiguration); the camera restarts that stream. */
  write(target: OnvifTarget, current: EncoderConfig, change: EncoderChange): Promise<void>;
}

/**
 * Over ONVIF: every call signed with a UsernameToken whose Created is in the camera's time (decision 0851), the
 * camera's clock offset asked once per camera (GetSystemDateAndTime) and kept until the camera refuses us.
 */
export class OnvifStreamEncoders implements CameraStreamEncoders {
  readonly #client: OnvifClient;
  /** The camera's clock minus ours, per address. */
  readonly #offsets = new Map<string, number>();
  constructor(opts: { timeoutMs?: number } = {}) {
    this.#client = new OnvifClient({ timeoutMs: opts.timeoutMs ?? ONVIF_TIMEOUT_MS });
  }

  async read(target: OnvifTarget): Promise<Partial<Record<EncodedStream, StreamEncoder>>> {
    const path = await this.#mediaPath(target);
    const profiles = parseProfileEncoders(await this.#call(target, path, requests.getProfiles()));
    if (profiles.length === 0) throw new OnvifError('unsupported', 'The camera lists no video encoder');
    const out: Partial<Record<EncodedStream, StreamEncoder>> = {};
    for (const [i, stream] of (['main', 'sd'] as const).entries()) {
      const listed = profiles[i];
      if (!listed) continue;
      // The configuration itself (a profile's copy may be abridged), then what it offers.
      const config =
        parseEncoderConfig(
          await this.#call(target, path, mediaRequests.getVideoEncoderConfiguration(listed.token)),
        ) ?? listed;
      const options = parseEncoderOptions(
        await this.#call(target, path, mediaRequests.getVideoEncoderConfigurationOptions(listed.token)),
      );
      out[stream] = { config, options };
    }
    return out;
  }

  async write(target: OnvifTarget, current: EncoderConfig, change: EncoderChange): Promise<void> {
    const path = await this.#mediaPath(target);
    await this.#call(target, path, mediaRequests.setVideoEncoderConfiguration(current, change));
  }

  /**
   * One call in the camera's time. Refused with a kept offset: the camera's clock may have been set since, so the
   * offset is asked again and the call made once more; a second refusal is the credentials'.
   */
  async #call(target: OnvifTarget, path: string, body: string): Promise<string> {
    const key = `${target.host}:${target.port}`;
    const kept = this.#offsets.get(key);
    const clockOffsetMs = kept ?? (await this.#client.clockOffset(target));
    this.#offsets.set(key, clockOffsetMs);
    try {
      return await this.#client.call(target, path, body, { clockOffsetMs });
    } catch (err) {
      if (kept === undefined || !(err instanceof OnvifError) || err.kind !== 'unauthorised') throw err;
      this.#offsets.delete(key);
      return this.#call(target, path, body);
    }
  }

  async #mediaPath(target: OnvifTarget): Promise<string> {
    const services = parseCapabilities(
      await this.#call(target, DEFAULT_PATHS.device, requests.getCapabilities()),
    );
    return pathOf(services.media) ?? DEFAULT_PATHS.media;
  }
}

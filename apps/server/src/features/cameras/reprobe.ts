import { parseCameraUrl, type SupportProbeResult, type Uidd } from '@vigil/contracts';
import type { CameraDirectory } from './camera-directory.ts';
import type { CameraProbe } from './probe.ts';

/**
 * Probes an installed camera's main stream again, as its install did (support's tool, decision 0721): the same
 * ffprobe through the same limiter, its failures in the same categories. Undefined: no such installed camera.
 */
export class CameraReprobe {
  readonly #directory: CameraDirectory;
  readonly #probe: CameraProbe;
  constructor(directory: CameraDirectory, probe: CameraProbe) {
    this.#directory = directory;
    this.#probe = probe;
  }

  async reprobe(uidd: Uidd): Promise<SupportProbeResult | undefined> {
    const camera = await this.#directory.get(uidd);
    if (!camera) return undefined;
    const parsed = parseCameraUrl(camera.mainUrl);
    const user = parsed.ok ? parsed.value : undefined;
    const outcome = await this.#probe.probe({
      url: camera.mainUrl,
      hasCredentials: user?.username !== undefined,
      secrets: [user?.username, user?.password].filter((s): s is string => !!s),
    });
    if (!outcome.ok) return { ok: false, uidd, kind: outcome.kind, detail: outcome.detail };
    const { videoCodec, width, height, frameRate } = outcome.info;
    return { ok: true, uidd, videoCodec, width, height, frameRate };
  }
}

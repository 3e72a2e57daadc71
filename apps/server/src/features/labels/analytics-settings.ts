import { type AnalyticsConfigResponse, uiddOf } from '@vigil/contracts';
import type { Caller } from '../../shared/caller.ts';
import type { CameraAccess } from '../access/camera-access.ts';
import type { CameraSettings } from '../cameras/camera-settings.ts';

/** A camera's analytics switch (spec 001 §3 analyticsEnabled): on, its motion events get recognition labels. */
export class AnalyticsSettingsService {
  readonly #access: CameraAccess;
  readonly #cameras: Pick<CameraSettings, 'setAnalytics'>;
  constructor(d: { access: CameraAccess; cameras: Pick<CameraSettings, 'setAnalytics'> }) {
    this.#access = d.access;
    this.#cameras = d.cameras;
  }

  /** Takes the camera-settings right, like the motion settings. */
  async set(
    caller: Caller,
    owner: string,
    device: string,
    enabled: boolean,
  ): Promise<AnalyticsConfigResponse> {
    const uidd = uiddOf(owner, device);
    await this.#access.require(caller, uidd, 'cameraSettings');
    await this.#cameras.setAnalytics(uidd, enabled);
    return { uidd, analyticsEnabled: enabled };
  }
}

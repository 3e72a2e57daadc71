import {
  type AnalyticsConfigResponse,
  AnalyticsScheme,
  type AnalyticsSettingsResponse,
  type CamerasAnalyticsBody,
  type Uidd,
  uiddOf,
} from '@vigil/contracts';
import { toBool } from '@vigil/db';
import type { Caller } from '../../shared/caller.ts';
import type { CameraAccess } from '../access/camera-access.ts';
import type { CameraRow } from '../access/ports.ts';
import type { CameraSettings } from '../cameras/camera-settings.ts';
import type { LicencesService } from '../licences/licences-service.ts';

/** The scheme a camera without one runs: object labels, what the recogniser gives (decision 0555). */
const DEFAULT_SCHEME: AnalyticsScheme = 'objects';

function schemeOf(row: Pick<CameraRow, 'analytics_scheme'>): AnalyticsScheme | null {
  const parsed = AnalyticsScheme.safeParse(row.analytics_scheme);
  return parsed.success ? parsed.data : null;
}

/** A camera's analytics switch (spec 001 §3 analyticsEnabled): on, its motion events get recognition labels. */
export class AnalyticsSettingsService {
  readonly #access: CameraAccess;
  readonly #cameras: Pick<CameraSettings, 'setAnalytics'>;
  readonly #licences: Pick<LicencesService, 'requireAnalytics'>;
  constructor(d: {
    access: CameraAccess;
    cameras: Pick<CameraSettings, 'setAnalytics'>;
    licences: Pick<LicencesService, 'requireAnalytics'>;
  }) {
    this.#access = d.access;
    this.#cameras = d.cameras;
    this.#licences = d.licences;
  }

  /** `PUT /camera/{owner}/{device}/config/analytics`: takes the camera-settings right, like the motion settings. */
  async set(
    caller: Caller,
    owner: string,
    device: string,
    enabled: boolean,
  ): Promise<AnalyticsConfigResponse> {
    const uidd = uiddOf(owner, device);
    await this.setWithScheme(caller, { uidd, enabled });
    return { uidd, analyticsEnabled: enabled };
  }

  /** `PUT /cameras/config/analytics` and `PATCH /cameras/analytics/config`: the switch and its scheme, within
   * the licences' add-ons (decision 0700). */
  async setWithScheme(caller: Caller, body: CamerasAnalyticsBody): Promise<AnalyticsSettingsResponse> {
    const row = await this.#access.require(caller, body.uidd, 'cameraSettings');
    const scheme = body.scheme ?? schemeOf(row) ?? DEFAULT_SCHEME;
    if (body.enabled) await this.#licences.requireAnalytics(row.owner_uid, scheme);
    await this.#cameras.setAnalytics(body.uidd, body.enabled, body.scheme);
    return this.get(caller, body.uidd);
  }

  async get(caller: Caller, uidd: Uidd): Promise<AnalyticsSettingsResponse> {
    const row = await this.#access.require(caller, uidd, 'view');
    return { uidd, settings: { enabled: toBool(row.analytics_enabled), scheme: schemeOf(row) } };
  }
}

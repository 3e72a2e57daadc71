import { type AnalyticsConfigResponse, uiddOf } from '@vigil/contracts';
import type { Db } from '@vigil/db';
import type { Caller } from '../../shared/caller.ts';
import type { CameraAccess } from '../access/camera-access.ts';

/** A camera's analytics switch (spec 001 §3 analyticsEnabled): on, its motion events get recognition labels. */
export class AnalyticsSettingsService {
  readonly #db: Db;
  readonly #access: CameraAccess;
  readonly #now: () => number;
  constructor(d: { db: Db; access: CameraAccess; now: () => number }) {
    this.#db = d.db;
    this.#access = d.access;
    this.#now = d.now;
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
    await this.#db
      .updateTable('cameras')
      .set({ analytics_enabled: enabled ? 1 : 0, updated_at: this.#now() })
      .where('uidd', '=', uidd)
      .execute();
    return { uidd, analyticsEnabled: enabled };
  }
}

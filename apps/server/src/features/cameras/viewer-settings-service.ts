import type { CameraQueryError, Uidd, ViewerSettingsBatch, ViewerSettingsEntry } from '@vigil/contracts';
import { forbidden } from '../../http/errors.ts';
import type { Caller } from '../../shared/caller.ts';
import type { CameraAccess } from '../access/camera-access.ts';
import type { ViewerSettingsRepository } from './viewer-settings-repository.ts';

export interface ViewerSettingsDeps {
  access: CameraAccess;
  settings: ViewerSettingsRepository;
  now: () => number;
}

/**
 * Viewer settings: a user's own preferences per camera (spec 000 §3). The path's user id must be the caller
 * (support may read anyone's); the camera must be one the user may view.
 */
export class ViewerSettingsService {
  readonly #d: ViewerSettingsDeps;
  constructor(deps: ViewerSettingsDeps) {
    this.#d = deps;
  }

  #checkUser(caller: Caller, userId: string, write: boolean): void {
    if (caller.uid === userId) return;
    if (!write && caller.accountType === 's') return;
    throw forbidden('Viewer settings are your own: use your user id');
  }

  /** GET /viewer/{userId}/{cameraId}/settings; cameraId is a uidd, or a device id of the user's own camera. */
  async getOne(caller: Caller, userId: string, cameraId: string): Promise<ViewerSettingsEntry> {
    this.#checkUser(caller, userId, false);
    const uidd = (cameraId.includes('.') ? cameraId : `${userId}.${cameraId}`) as Uidd;
    await this.#d.access.require(caller, uidd, 'view');
    const settings = await this.#d.settings.get(userId, [uidd]);
    return { uidd, settings: settings.get(uidd) ?? {} };
  }

  /** GET /viewer/{id}/settings?uidd=a,b (batched by the client at 1200 characters). */
  async getMany(caller: Caller, userId: string, uidds: readonly Uidd[]): Promise<ViewerSettingsBatch> {
    this.#checkUser(caller, userId, false);
    const { allowed, refused } = await this.#d.access.partition(caller, uidds, 'view');
    const stored = await this.#d.settings.get(
      userId,
      allowed.map((r) => r.uidd),
    );
    const errors: CameraQueryError[] = refused.map(({ uidd, code, error }) => ({ uidd, code, error }));
    return {
      result: allowed.map((r) => ({ uidd: r.uidd as Uidd, settings: stored.get(r.uidd) ?? {} })),
      errors,
    };
  }

  /** PATCH /viewer/{id}/settings: merges into each camera's settings; all cameras must be visible. */
  async patch(
    caller: Caller,
    userId: string,
    uidds: readonly Uidd[],
    settings: Record<string, unknown>,
  ): Promise<ViewerSettingsBatch> {
    this.#checkUser(caller, userId, true);
    await this.#d.access.requireAll(caller, uidds, 'view');
    const merged = await this.#d.settings.merge(userId, uidds, settings, this.#d.now());
    return { result: uidds.map((uidd) => ({ uidd, settings: merged.get(uidd) ?? {} })), errors: [] };
  }
}

import type { Uidd } from '@vigil/contracts';
import type { Caller } from '../../shared/caller.ts';
import type { CameraAccess } from '../access/camera-access.ts';
import type { AnalyticsRulesRepository } from './analytics-rules-repository.ts';

/**
 * What the areas and the rules services share (decision 0704): reading a camera's analytics takes sight of it
 * (support included), changing them the camera-settings right.
 */
export abstract class CameraAnalytics {
  protected readonly repo: AnalyticsRulesRepository;
  protected readonly now: () => number;
  readonly #access: CameraAccess;
  constructor(d: { access: CameraAccess; repo: AnalyticsRulesRepository; now: () => number }) {
    this.#access = d.access;
    this.repo = d.repo;
    this.now = d.now;
  }

  protected async mayRead(caller: Caller, uidd: Uidd): Promise<void> {
    await this.#access.require(caller, uidd, 'view');
  }

  protected async mayChange(caller: Caller, uidd: Uidd): Promise<void> {
    await this.#access.require(caller, uidd, 'cameraSettings');
  }
}

import type { Uidd } from '@vigil/contracts';
import type { CamerasRepository } from './cameras-repository.ts';
import { RoutedCameraStatus } from './routed-status.ts';
import type { CameraStatusProvider } from './status-provider.ts';
import { EMPTY_TALLY, type StatusTally, type TallyQuery } from './status-tally.ts';

/**
 * The cameras as the health screen reads them at any fleet size (decision 0747): how many are installed, each
 * recorder's tally of its own (counts and a page of problem cameras, counted where the reports are), and the names
 * of the few cameras a page shows. Nothing here reads every camera.
 */
export class CameraTally {
  readonly #cameras: CamerasRepository;
  readonly #status: CameraStatusProvider;
  constructor(cameras: CamerasRepository, status: CameraStatusProvider) {
    this.#cameras = cameras;
    this.#status = status;
  }

  installedCount(): Promise<number> {
    return this.#cameras.countInstalled();
  }

  async names(uidds: readonly Uidd[]): Promise<ReadonlyMap<Uidd, string>> {
    return (await this.#cameras.names(uidds)) as Map<Uidd, string>;
  }

  /**
   * A recorder's tally: asked of that recorder when statuses are routed to recorders (a fleet server), else of the
   * one in this process (the id is then that of the only recorder there is). Throws when a recorder does not answer.
   */
  async of(recorderId: string, q: TallyQuery): Promise<StatusTally> {
    if (this.#status instanceof RoutedCameraStatus) return this.#status.tallyOf(recorderId, q);
    return this.#status.tally ? this.#status.tally(q) : EMPTY_TALLY;
  }
}

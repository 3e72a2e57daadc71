import type { Uidd } from '@vigil/contracts';
import type { RecorderCamera, CameraChange as RecorderChange } from '@vigil/recorder';
import type { FastifyBaseLogger } from 'fastify';
import type { CameraChange } from '../cameras/tasks.ts';
import {
  type CameraLookup,
  DirectoryCameraSource,
  type RecordingSource,
} from '../recording/directory-source.ts';

/**
 * A fleet recorder's CameraSource: the cameras table seen through the leases this recorder holds. `hold` starts a
 * camera (it appears as installed), `drop` stops it (it appears as removed), and a change of a camera it does not
 * hold is no business of this recorder. The reads and their order are DirectoryCameraSource's, over a lookup that
 * sees only the held cameras.
 */
export class LeasedCameraSource implements RecordingSource {
  readonly #held = new Set<Uidd>();
  readonly #inner: DirectoryCameraSource;

  constructor(lookup: CameraLookup, log: FastifyBaseLogger) {
    const held = this.#held;
    this.#inner = new DirectoryCameraSource(
      {
        installed: async () => (await lookup.installed()).filter((c) => held.has(c.uidd)),
        get: async (uidd) => (held.has(uidd as Uidd) ? lookup.get(uidd) : undefined),
      },
      log,
    );
  }

  /** The cameras held now. */
  get held(): ReadonlySet<Uidd> {
    return this.#held;
  }

  list(): Promise<RecorderCamera[]> {
    return this.#inner.list();
  }

  subscribe(listener: (change: RecorderChange) => void): () => void {
    return this.#inner.subscribe(listener);
  }

  changed(change: CameraChange): Promise<void> {
    return this.#held.has(change.uidd) ? this.#inner.changed(change) : Promise.resolve();
  }

  /** Starts recording cameras this recorder took leases of. */
  async hold(uidds: readonly Uidd[]): Promise<void> {
    for (const uidd of uidds) {
      this.#held.add(uidd);
      await this.#inner.changed({ uidd, kind: 'installed' });
    }
  }

  /** Stops recording cameras whose leases this recorder no longer holds. */
  async drop(uidds: readonly Uidd[]): Promise<void> {
    for (const uidd of uidds) {
      this.#held.delete(uidd);
      await this.#inner.changed({ uidd, kind: 'uninstalled' });
    }
  }
}

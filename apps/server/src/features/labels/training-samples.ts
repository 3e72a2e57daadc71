import { mkdir, rm, writeFile } from 'node:fs/promises';
import { join } from 'node:path';

/** A labelled still kept to train models: whose camera, which event, the picture and what was recognised. */
export interface TrainingSample {
  owner: string;
  uidd: string;
  eventId: string;
  still: Uint8Array;
  labels: readonly string[];
}

/**
 * Where footage kept for model training goes (decision 0743). The labeller hands a sample over only when the
 * camera's owner consented (`/manage-plan/ai-training`); withdrawing the consent forgets everything of that owner.
 */
export interface TrainingSamples {
  keep(s: TrainingSample): Promise<void>;
  forget(owner: string): Promise<void>;
}

const safe = (s: string) => s.replace(/[^A-Za-z0-9._-]/g, '_');

/** Samples as files, one folder per owner: `<dir>/<owner>/<event>.jpg` and its labels in `<event>.json`. */
export class DirectoryTrainingSamples implements TrainingSamples {
  readonly #dir: string;
  constructor(dir: string) {
    this.#dir = dir;
  }

  async keep(s: TrainingSample): Promise<void> {
    const dir = join(this.#dir, safe(s.owner));
    await mkdir(dir, { recursive: true });
    const name = safe(s.eventId);
    await writeFile(join(dir, `${name}.jpg`), s.still);
    await writeFile(join(dir, `${name}.json`), JSON.stringify({ uidd: s.uidd, labels: s.labels }));
  }

  async forget(owner: string): Promise<void> {
    await rm(join(this.#dir, safe(owner)), { recursive: true, force: true });
  }
}

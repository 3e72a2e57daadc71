import type { Uidd } from '@vigil/contracts';
import type { CameraSource, RecorderCamera, CameraChange as RecorderChange } from '@vigil/recorder';
import type { FastifyBaseLogger } from 'fastify';
import type { RecorderCamera as DirectoryCamera } from '../cameras/camera-directory.ts';
import type { CameraChange } from '../cameras/tasks.ts';
import { recorderMotionOf } from '../motion/motion-settings.ts';

/** What the source reads: the cameras table's recorder side (app.services.cameras.directory). */
export interface CameraLookup {
  installed(): Promise<DirectoryCamera[]>;
  get(uidd: string): Promise<DirectoryCamera | undefined>;
}

/** The recorder's source of cameras, following committed changes of the cameras table (`Recording.cameraChanged`). */
export interface RecordingSource extends CameraSource {
  changed(change: CameraChange): Promise<void>;
}

/** A cameras-table row as the recorder wants it: recording mode (continuous, rom, off) and motion settings from
 * features/motion (decision 0553); the SD stream is never recorded, only watched (and analysed for motion). */
export function toRecorderCamera(c: DirectoryCamera): RecorderCamera {
  return {
    uidd: c.uidd,
    streams: c.sdUrl ? { main: c.mainUrl, sd: c.sdUrl } : { main: c.mainUrl },
    retentionDays: c.cloudStorageDays,
    recordStream: c.recordedStream,
    audio: c.audioEnabled,
    ...recorderMotionOf(c),
  };
}

/**
 * The recorder's CameraSource over the cameras table: the installed cameras at start, then one upsert or removal
 * per committed change (CameraTasks.cameraChanged). Changes are read back from the table one at a time, in
 * order, so the recorder always ends on the row as committed. Stream URLs carry credentials: never logged here.
 */
export class DirectoryCameraSource implements RecordingSource {
  readonly #lookup: CameraLookup;
  readonly #log: FastifyBaseLogger;
  readonly #listeners = new Set<(change: RecorderChange) => void>();
  #queue: Promise<void> = Promise.resolve();

  constructor(lookup: CameraLookup, log: FastifyBaseLogger) {
    this.#lookup = lookup;
    this.#log = log;
  }

  async list(): Promise<RecorderCamera[]> {
    return (await this.#lookup.installed()).map(toRecorderCamera);
  }

  subscribe(listener: (change: RecorderChange) => void): () => void {
    this.#listeners.add(listener);
    return () => {
      this.#listeners.delete(listener);
    };
  }

  /** Follows a committed change; returns at once (the read happens in order, later). */
  changed(change: CameraChange): Promise<void> {
    this.#queue = this.#queue
      .then(() => this.#apply(change))
      .catch((err: unknown) => {
        this.#log.error({ uidd: change.uidd, err: String(err) }, 'camera change not applied');
      });
    return this.#queue;
  }

  async #apply(change: CameraChange): Promise<void> {
    const camera =
      change.kind === 'installed' || change.kind === 'updated'
        ? await this.#lookup.get(change.uidd)
        : undefined;
    this.#emit(
      camera
        ? { type: 'upsert', camera: toRecorderCamera(camera) }
        : { type: 'remove', uidd: change.uidd as Uidd },
    );
  }

  #emit(change: RecorderChange): void {
    for (const l of this.#listeners) l(change);
  }
}

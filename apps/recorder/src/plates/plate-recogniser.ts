import { JobThread, type JobThreadStats } from '../workers/job-thread.ts';
import type { Vehicle } from './plate-reader.ts';
import type {
  PictureReads,
  PlatesReply,
  PlatesRequest,
  PlatesTimings,
  PlatesWorkerData,
} from './protocol.ts';

/** Events waiting for the plate reader; more are dropped and counted. */
export const PLATE_QUEUE_CAPACITY = 8;
/** Nice value of the plate reader's thread (Linux: per thread), below ingest, HTTP, stills and labels' equal. */
export const PLATE_THREAD_NICE = 19;

export interface PlateRecognition extends PlatesTimings {
  pictures: PictureReads[];
}

export type PlateRecogniserStats = JobThreadStats;

/**
 * Licence plates of an event's pictures (decision 0790), in a worker thread of its own (workers/job-thread.ts: the
 * models take ~0.3 s a picture; the event loop the recorder and the HTTP server share must not wait). One event at
 * a time, a bounded queue (a full one drops the new event: plates are an add-on, ingest is not); the thread and the
 * models start with the first event and stay.
 */
export class PlateRecogniser {
  readonly #thread: JobThread<Omit<PlatesRequest, 'id'>, PlatesReply, PlateRecognition>;

  constructor(o: { ffmpegPath?: string; capacity?: number } = {}) {
    const workerData: PlatesWorkerData = { ffmpegPath: o.ffmpegPath ?? 'ffmpeg', nice: PLATE_THREAD_NICE };
    this.#thread = new JobThread({
      script: new URL('./plates-worker.ts', import.meta.url),
      workerData,
      capacity: o.capacity ?? PLATE_QUEUE_CAPACITY,
      name: 'plate recogniser',
      result: ({ id: _id, ok: _ok, ...result }) => result,
    });
  }

  /** Queues an event's pictures; null when the queue is full (dropped, counted) or closed. */
  read(jpegs: Uint8Array[], vehicles?: Vehicle[]): Promise<PlateRecognition> | null {
    return this.#thread.run(vehicles ? { jpegs, vehicles } : { jpegs });
  }

  stats(): PlateRecogniserStats {
    return this.#thread.stats();
  }

  /** The thread's id, for measuring its CPU (bench); undefined before the first event. */
  get threadId(): number | undefined {
    return this.#thread.threadId;
  }

  close(): Promise<void> {
    return this.#thread.close();
  }
}

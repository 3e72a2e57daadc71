import { Worker } from 'node:worker_threads';
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

export interface PlateRecogniserStats {
  done: number;
  failed: number;
  dropped: number;
  queued: number;
  busy: boolean;
}

interface Job {
  req: Omit<PlatesRequest, 'id'>;
  resolve: (r: PlateRecognition) => void;
  reject: (e: Error) => void;
}

/**
 * Licence plates of an event's pictures (decision 0790), in a worker thread of its own (the models take ~0.3 s a
 * picture; the event loop the recorder and the HTTP server share must not wait). One event at a time, a bounded
 * queue (a full one drops the new event: plates are an add-on, ingest is not); the thread and the models start
 * with the first event and stay.
 */
export class PlateRecogniser {
  readonly #data: PlatesWorkerData;
  readonly #capacity: number;
  readonly #queue: Job[] = [];
  #worker: Worker | undefined;
  #current: (Job & { id: number }) | undefined;
  #nextId = 1;
  #closed = false;
  readonly #stats = { done: 0, failed: 0, dropped: 0 };

  constructor(o: { ffmpegPath?: string; capacity?: number } = {}) {
    this.#capacity = o.capacity ?? PLATE_QUEUE_CAPACITY;
    this.#data = { ffmpegPath: o.ffmpegPath ?? 'ffmpeg', nice: PLATE_THREAD_NICE };
  }

  /** Queues an event's pictures; null when the queue is full (dropped, counted) or closed. */
  read(jpegs: Uint8Array[], vehicles?: Vehicle[]): Promise<PlateRecognition> | null {
    if (this.#closed || this.#queue.length >= this.#capacity) {
      this.#stats.dropped++;
      return null;
    }
    return new Promise<PlateRecognition>((resolve, reject) => {
      this.#queue.push({ req: vehicles ? { jpegs, vehicles } : { jpegs }, resolve, reject });
      this.#pump();
    });
  }

  stats(): PlateRecogniserStats {
    return { ...this.#stats, queued: this.#queue.length, busy: this.#current !== undefined };
  }

  /** The thread's id, for measuring its CPU (bench); undefined before the first event. */
  get threadId(): number | undefined {
    return this.#worker?.threadId;
  }

  async close(): Promise<void> {
    this.#closed = true;
    for (const j of this.#queue.splice(0)) j.reject(new Error('plate recogniser closed'));
    this.#current?.reject(new Error('plate recogniser closed'));
    this.#current = undefined;
    const w = this.#worker;
    this.#worker = undefined;
    await w?.terminate();
  }

  #pump(): void {
    if (this.#current || this.#closed) return;
    const job = this.#queue.shift();
    if (!job) {
      // Idle between events: the thread must not keep the process alive.
      this.#worker?.unref();
      return;
    }
    const id = this.#nextId++;
    this.#current = { ...job, id };
    const w = this.#thread();
    w.ref();
    w.postMessage({ id, ...job.req } satisfies PlatesRequest);
  }

  #thread(): Worker {
    if (this.#worker) return this.#worker;
    const w = new Worker(new URL('./plates-worker.ts', import.meta.url), { workerData: this.#data });
    w.on('message', (reply: PlatesReply) => this.#settle(reply));
    const fail = (err: Error) => {
      if (this.#worker !== w) return;
      this.#worker = undefined;
      const job = this.#current;
      this.#current = undefined;
      if (job) {
        this.#stats.failed++;
        job.reject(err);
      }
      this.#pump();
    };
    w.on('error', fail);
    w.on('exit', (code) => fail(new Error(`plate recogniser thread exited ${code}`)));
    this.#worker = w;
    return w;
  }

  #settle(reply: PlatesReply): void {
    const job = this.#current;
    if (!job || job.id !== reply.id) return;
    this.#current = undefined;
    if (reply.ok) {
      this.#stats.done++;
      const { id: _id, ok: _ok, ...result } = reply;
      job.resolve(result);
    } else {
      this.#stats.failed++;
      job.reject(new Error(reply.error));
    }
    this.#pump();
  }
}

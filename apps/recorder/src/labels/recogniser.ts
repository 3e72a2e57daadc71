import { Worker } from 'node:worker_threads';
import type { Detection } from './decode.ts';
import type { WorkerData, WorkerReply, WorkerRequest } from './protocol.ts';
import {
  LABEL_MIN_CONFIDENCE,
  LABEL_NMS_IOU,
  LABEL_QUEUE_CAPACITY,
  LABEL_THREAD_NICE,
  LABELS_PER_EVENT,
  MAX_DETECTIONS,
} from './settings.ts';

export interface RecogniserOptions {
  ffmpegPath?: string;
  /** Pictures waiting; more are dropped and counted. Default LABEL_QUEUE_CAPACITY. */
  capacity?: number;
  minConfidence?: number;
  maxLabels?: number;
}

export interface Recognition {
  labels: { label: string; confidence: number }[];
  detections: Detection[];
  decodeMs: number;
  inferMs: number;
  loadMs: number | undefined;
}

export interface RecogniserStats {
  done: number;
  failed: number;
  /** Pictures refused because the queue was full. */
  dropped: number;
  queued: number;
  busy: boolean;
}

interface Job {
  jpeg: Uint8Array;
  resolve: (r: Recognition) => void;
  reject: (e: Error) => void;
}

/**
 * Recognition labels for pictures (decision 0555): an object detector in a worker thread, so inference never
 * holds the event loop the recorder and the HTTP server share. One picture at a time, a bounded queue (a full
 * queue drops the new picture: labels are a nice-to-have, memory and CPU are not); the thread and the model start
 * with the first picture.
 */
export class Recogniser {
  readonly #data: WorkerData;
  readonly #capacity: number;
  readonly #queue: Job[] = [];
  #worker: Worker | undefined;
  #current: (Job & { id: number }) | undefined;
  #nextId = 1;
  #closed = false;
  readonly #stats = { done: 0, failed: 0, dropped: 0 };

  constructor(o: RecogniserOptions = {}) {
    this.#capacity = o.capacity ?? LABEL_QUEUE_CAPACITY;
    this.#data = {
      ffmpegPath: o.ffmpegPath ?? 'ffmpeg',
      decode: {
        minConfidence: o.minConfidence ?? LABEL_MIN_CONFIDENCE,
        iou: LABEL_NMS_IOU,
        maxDetections: MAX_DETECTIONS,
      },
      maxLabels: o.maxLabels ?? LABELS_PER_EVENT,
      nice: LABEL_THREAD_NICE,
    };
  }

  /** Queues a JPEG; null when the queue is full (the picture is dropped and counted) or the recogniser closed. */
  recognise(jpeg: Uint8Array): Promise<Recognition> | null {
    if (this.#closed || this.#queue.length >= this.#capacity) {
      this.#stats.dropped++;
      return null;
    }
    return new Promise<Recognition>((resolve, reject) => {
      this.#queue.push({ jpeg, resolve, reject });
      this.#pump();
    });
  }

  stats(): RecogniserStats {
    return { ...this.#stats, queued: this.#queue.length, busy: this.#current !== undefined };
  }

  /** Stops the thread; queued pictures are rejected. */
  async close(): Promise<void> {
    this.#closed = true;
    for (const j of this.#queue.splice(0)) j.reject(new Error('recogniser closed'));
    this.#current?.reject(new Error('recogniser closed'));
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
    const req: WorkerRequest = { id, jpeg: job.jpeg };
    const w = this.#thread();
    w.ref();
    w.postMessage(req);
  }

  #thread(): Worker {
    if (this.#worker) return this.#worker;
    const w = new Worker(new URL('./labels-worker.ts', import.meta.url), { workerData: this.#data });
    w.on('message', (reply: WorkerReply) => this.#settle(reply));
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
    w.on('exit', (code) => fail(new Error(`recogniser thread exited ${code}`)));
    this.#worker = w;
    return w;
  }

  #settle(reply: WorkerReply): void {
    const job = this.#current;
    if (!job || job.id !== reply.id) return;
    this.#current = undefined;
    if (reply.ok) {
      this.#stats.done++;
      const { labels, detections, decodeMs, inferMs, loadMs } = reply;
      job.resolve({ labels, detections, decodeMs, inferMs, loadMs });
    } else {
      this.#stats.failed++;
      job.reject(new Error(reply.error));
    }
    this.#pump();
  }
}

import { JobThread, type JobThreadStats } from '../workers/job-thread.ts';
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

export type RecogniserStats = JobThreadStats;

/**
 * Recognition labels for pictures (decision 0555): an object detector in a worker thread (workers/job-thread.ts),
 * so inference never holds the event loop the recorder and the HTTP server share. One picture at a time, a bounded
 * queue (a full queue drops the new picture: labels are a nice-to-have, memory and CPU are not); the thread and the
 * model start with the first picture.
 */
export class Recogniser {
  readonly #thread: JobThread<Omit<WorkerRequest, 'id'>, WorkerReply, Recognition>;

  constructor(o: RecogniserOptions = {}) {
    const workerData: WorkerData = {
      ffmpegPath: o.ffmpegPath ?? 'ffmpeg',
      decode: {
        minConfidence: o.minConfidence ?? LABEL_MIN_CONFIDENCE,
        iou: LABEL_NMS_IOU,
        maxDetections: MAX_DETECTIONS,
      },
      maxLabels: o.maxLabels ?? LABELS_PER_EVENT,
      nice: LABEL_THREAD_NICE,
    };
    this.#thread = new JobThread({
      script: new URL('./labels-worker.ts', import.meta.url),
      workerData,
      capacity: o.capacity ?? LABEL_QUEUE_CAPACITY,
      name: 'recogniser',
      result: ({ labels, detections, decodeMs, inferMs, loadMs }) => ({
        labels,
        detections,
        decodeMs,
        inferMs,
        loadMs,
      }),
    });
  }

  /**
   * Queues a JPEG; null when the queue is full (the picture is dropped and counted) or the recogniser closed.
   * `first`: ahead of the pictures that are not, taking the newest one's place when the queue is full (people
   * counting's live pictures before events' stills, which may wait; decision 0884).
   */
  recognise(jpeg: Uint8Array, o: { first?: boolean } = {}): Promise<Recognition> | null {
    return this.#thread.run({ jpeg }, o);
  }

  stats(): RecogniserStats {
    return this.#thread.stats();
  }

  /** Stops the thread; queued pictures are rejected. */
  close(): Promise<void> {
    return this.#thread.close();
  }
}

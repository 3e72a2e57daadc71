import { Worker } from 'node:worker_threads';

/** What a job thread answers for each job: its id, and either the result's fields or the error. */
export type JobReply = { id: number; ok: true } | { id: number; ok: false; error: string };

export interface JobThreadStats {
  done: number;
  failed: number;
  /** Jobs refused because the queue was full (or the thread closed). */
  dropped: number;
  queued: number;
  busy: boolean;
}

export interface JobThreadOptions<Data, Reply extends JobReply, Result> {
  /** The worker's module. */
  script: URL;
  workerData: Data;
  /** Jobs waiting; more are dropped and counted. */
  capacity: number;
  /** For errors: "<name> closed", "<name> thread exited 1". */
  name: string;
  /** The result of a successful reply (its fields without `id` and `ok`). */
  result(reply: Extract<Reply, { ok: true }>): Result;
}

interface Job<Req, Result> {
  req: Req;
  /** Goes ahead of the jobs that are not (see `run`). */
  first: boolean;
  resolve: (r: Result) => void;
  reject: (e: Error) => void;
}

/**
 * A model in a worker thread of its own, fed one job at a time from a bounded queue (decisions 0555, 0790): the
 * event loop the recorder and the HTTP server share never waits on inference, and a full queue drops the new job
 * (analytics are add-ons; ingest, memory and CPU are not). The thread starts with the first job and stays; it is
 * unref'd while idle so it never keeps the process alive; a thread that dies fails its job and is started again by
 * the next one.
 */
export class JobThread<Req extends object, Reply extends JobReply, Result> {
  readonly #o: JobThreadOptions<unknown, Reply, Result>;
  readonly #queue: Job<Req, Result>[] = [];
  #worker: Worker | undefined;
  #current: (Job<Req, Result> & { id: number }) | undefined;
  #nextId = 1;
  #closed = false;
  readonly #stats = { done: 0, failed: 0, dropped: 0 };

  constructor(o: JobThreadOptions<unknown, Reply, Result>) {
    this.#o = o;
  }

  /**
   * Queues a job; null when the queue is full (dropped, counted) or the thread closed. A job `first` (people
   * counting's pictures, which are no use late; decision 0884) goes ahead of every job that is not, after the
   * `first` ones already waiting; on a full queue it takes the place of the newest job that is not `first`, which
   * is rejected and counted dropped.
   */
  run(req: Req, o: { first?: boolean } = {}): Promise<Result> | null {
    const first = o.first ?? false;
    if (this.#closed || (this.#queue.length >= this.#o.capacity && !(first && this.#displace()))) {
      this.#stats.dropped++;
      return null;
    }
    return new Promise<Result>((resolve, reject) => {
      const job = { req, first, resolve, reject };
      const at = first ? this.#queue.findIndex((j) => !j.first) : -1;
      if (at === -1) this.#queue.push(job);
      else this.#queue.splice(at, 0, job);
      this.#pump();
    });
  }

  /** Drops the newest job that is not `first` to make room; false when every job waiting is `first`. */
  #displace(): boolean {
    const at = this.#queue.findLastIndex((j) => !j.first);
    if (at === -1) return false;
    const [job] = this.#queue.splice(at, 1);
    this.#stats.dropped++;
    job!.reject(new Error(`${this.#o.name} queue full: displaced by a more urgent job`));
    return true;
  }

  stats(): JobThreadStats {
    return { ...this.#stats, queued: this.#queue.length, busy: this.#current !== undefined };
  }

  /** The thread's id, for measuring its CPU (benches); undefined before the first job. */
  get threadId(): number | undefined {
    return this.#worker?.threadId;
  }

  /** Stops the thread; queued jobs are rejected. */
  async close(): Promise<void> {
    this.#closed = true;
    const closed = () => new Error(`${this.#o.name} closed`);
    for (const j of this.#queue.splice(0)) j.reject(closed());
    this.#current?.reject(closed());
    this.#current = undefined;
    const w = this.#worker;
    this.#worker = undefined;
    await w?.terminate();
  }

  #pump(): void {
    if (this.#current || this.#closed) return;
    const job = this.#queue.shift();
    if (!job) {
      // Idle between jobs: the thread must not keep the process alive.
      this.#worker?.unref();
      return;
    }
    const id = this.#nextId++;
    this.#current = { ...job, id };
    const w = this.#thread();
    w.ref();
    w.postMessage({ id, ...job.req });
  }

  #thread(): Worker {
    if (this.#worker) return this.#worker;
    const w = new Worker(this.#o.script, { workerData: this.#o.workerData });
    w.on('message', (reply: Reply) => this.#settle(reply));
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
    w.on('exit', (code) => fail(new Error(`${this.#o.name} thread exited ${code}`)));
    this.#worker = w;
    return w;
  }

  #settle(reply: Reply): void {
    const job = this.#current;
    if (!job || job.id !== reply.id) return;
    this.#current = undefined;
    if (reply.ok) {
      this.#stats.done++;
      job.resolve(this.#o.result(reply as Extract<Reply, { ok: true }>));
    } else {
      this.#stats.failed++;
      job.reject(new Error(reply.error));
    }
    this.#pump();
  }
}

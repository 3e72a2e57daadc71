import { copyFile, link, mkdir, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { dirname, join } from 'node:path';
import type { Readable } from 'node:stream';
import {
  DeleteObjectsCommand,
  GetObjectCommand,
  HeadObjectCommand,
  ListObjectsV2Command,
  PutObjectCommand,
  type S3Client,
} from '@aws-sdk/client-s3';
import type { RecorderLog } from '../log.ts';
import { bucketObjectUrl } from './bucket-url.ts';
import { initRel, parseSegmentName } from './layout.ts';
import {
  type BucketStatus,
  type ByteSpan,
  localFile,
  localFiles,
  removeLocal,
  type SegmentStore,
  type StagedFiles,
  type StoredFile,
} from './segment-store.ts';
import type { StreamName } from './segments-repository.ts';
import { presignGet } from './sigv4-presign.ts';

export interface S3SegmentStoreOptions {
  /** The recordings directory on this host: every file is written here first. */
  root: string;
  /** Where staged copies of bucket files go for ffmpeg (one folder per reader, removed after). */
  stagingDir: string;
  client: S3Client;
  bucket: string;
  /** The S3 API's address as configured (unset: AWS's own for `region`): where presigned URLs point (decision 0857). */
  endpoint?: string | undefined;
  region?: string | undefined;
  /** Prepended to every key (several deployments in one bucket); '' or ending with '/'. */
  prefix: string;
  /** How long a file stays on this disk after its upload (the newest footage is read most: live, motion, seeks). */
  keepLocalMs: number;
  /** The first wait after a failed upload; doubled up to 30 s while the bucket stays unreachable. */
  retryMs?: number;
  log: RecorderLog;
  now?: () => number;
}

const RETRY_MAX_MS = 30_000;
/** Bucket files downloaded at once for one reader. */
const STAGE_PARALLEL = 8;
/** Objects per DeleteObjects request: the S3 API's limit. */
const DELETE_BATCH = 1000;

const notFound = (err: unknown): boolean => {
  const e = err as { name?: string; $metadata?: { httpStatusCode?: number } };
  return e.name === 'NotFound' || e.name === 'NoSuchKey' || e.$metadata?.httpStatusCode === 404;
};

/** The init segment a segment file needs: named by its hash beside the day folders (layout.ts). */
function initOf(path: string): string | undefined {
  const parts = path.split('/');
  const name = parts.at(-1) ?? '';
  const seg = parseSegmentName(name);
  if (!seg || seg.open || parts.length !== 4) return undefined;
  return initRel(parts[0] as never, parts[1] as StreamName, seg.initHash);
}

/**
 * Recordings in an S3 bucket (decision 0619). Files are written on this disk as always and uploaded once closed, the
 * init segment before the first segment that needs it; a file leaves this disk `keepLocalMs` after its upload. Reads
 * look here first, then in the bucket. While the bucket is unreachable nothing stops: files wait here (the storage
 * watermark still keeps the disk from filling), uploads are retried with a capped backoff, deletions of objects are
 * kept and retried; files left by a crash or a restart are found by a scan at start.
 */
export class S3SegmentStore implements SegmentStore {
  readonly kind = 's3';
  readonly root: string;
  readonly #o: S3SegmentStoreOptions;
  readonly #now: () => number;
  /** Files waiting for their upload, oldest first. */
  readonly #queue = new Set<string>();
  /** Files uploaded and still on this disk → when they were uploaded. */
  readonly #uploaded = new Map<string, number>();
  /** Init segments known to be in the bucket. */
  readonly #inits = new Set<string>();
  /** Object deletions the bucket refused or missed: retried with the uploads. */
  readonly #deletes = new Set<string>();
  /** Told of every segment uploaded (the recorder marks its row stored, decision 0856). */
  readonly #stored: ((path: string) => void)[] = [];
  #lastUploadMs: number | undefined;
  #lastError: { message: string; atMs: number } | undefined;
  #pumping: Promise<void> | undefined;
  #retryMs: number;
  #timer: NodeJS.Timeout | undefined;
  #sweeper: NodeJS.Timeout | undefined;
  #down = false;
  #closed = false;

  constructor(o: S3SegmentStoreOptions) {
    this.#o = o;
    this.root = o.root;
    this.#now = o.now ?? Date.now;
    this.#retryMs = o.retryMs ?? 1000;
  }

  /** Queues what an earlier run left on this disk (uploaded or not: an upload again costs less than a loss). */
  async start(): Promise<void> {
    // Closed segments and init segments only (not an open .part, nor an init's .tmp).
    for await (const f of localFiles(this.root, this.root))
      if (/\.(m4s|mp4)$/.test(f.path)) this.closed(f.path);
    this.#sweeper = setInterval(
      () => this.#sweep(),
      Math.max(200, Math.min(10_000, this.#o.keepLocalMs / 2)),
    );
    this.#sweeper.unref();
  }

  closed(path: string): void {
    if (path.endsWith('.part') || this.#closed) return;
    const init = initOf(path);
    if (init && !this.#inits.has(init)) this.#queue.add(init);
    this.#queue.add(path);
    this.#kick();
  }

  /** Uploads (and deletions) waiting, for tests and /health: how far behind the bucket is. */
  get backlog(): number {
    return this.#queue.size + this.#deletes.size;
  }

  onStored(listener: (path: string) => void): void {
    this.#stored.push(listener);
  }

  /** The bucket as /health shows it (decision 0857): the last upload, what waits, the last failure. */
  status(): BucketStatus {
    return {
      bucket: this.#o.bucket,
      backlog: this.backlog,
      lastUploadMs: this.#lastUploadMs,
      reachable: !this.#down,
      lastError: this.#lastError?.message,
      lastErrorMs: this.#lastError?.atMs,
    };
  }

  /**
   * A presigned GET URL of a file held by the bucket only (decision 0857), valid `ttlSec`; undefined when the file is
   * on this disk (served from here: the newest footage, or footage not uploaded yet) or no credentials are at hand.
   */
  async presign(path: string, ttlSec: number): Promise<string | undefined> {
    if (await localFile(join(this.root, path))) return undefined;
    const creds = await this.#o.client.config.credentials().catch(() => undefined);
    if (!creds) return undefined;
    const region = this.#o.region ?? 'us-east-1';
    return presignGet({
      url: bucketObjectUrl(this.#o.endpoint, region, this.#o.bucket, this.#key(path)),
      region,
      accessKeyId: creds.accessKeyId,
      secretAccessKey: creds.secretAccessKey,
      sessionToken: creds.sessionToken,
      nowMs: this.#now(),
      expiresSec: ttlSec,
    });
  }

  /** Resolves once nothing waits (or the bucket failed once more: the next retry is scheduled). */
  async drain(): Promise<void> {
    this.#kick();
    while (this.#pumping) await this.#pumping;
  }

  async open(path: string): Promise<StoredFile | undefined> {
    const here = await localFile(join(this.root, path));
    if (here) return here;
    const key = this.#key(path);
    let size: number;
    try {
      const head = await this.#o.client.send(new HeadObjectCommand({ Bucket: this.#o.bucket, Key: key }));
      size = head.ContentLength ?? 0;
    } catch (err) {
      if (notFound(err)) return undefined;
      throw err;
    }
    return {
      size,
      read: async (span?: ByteSpan) => {
        const range = span ? `bytes=${span.start}-${span.end}` : undefined;
        const res = await this.#o.client.send(
          new GetObjectCommand({ Bucket: this.#o.bucket, Key: key, Range: range }),
        );
        return res.Body as Readable;
      },
    };
  }

  async stage(paths: readonly string[]): Promise<StagedFiles> {
    await mkdir(this.#o.stagingDir, { recursive: true });
    const dir = await mkdtemp(join(this.#o.stagingDir, 'read-'));
    const release = () => void rm(dir, { recursive: true, force: true }).catch(() => {});
    try {
      const todo = [...new Set(paths)];
      const worker = async () => {
        for (let p = todo.pop(); p !== undefined; p = todo.pop()) await this.#stageOne(p, dir);
      };
      await Promise.all(Array.from({ length: STAGE_PARALLEL }, worker));
      return { dir, release };
    } catch (err) {
      release();
      throw err;
    }
  }

  async #stageOne(path: string, dir: string): Promise<void> {
    const to = join(dir, path);
    await mkdir(dirname(to), { recursive: true });
    const from = join(this.root, path);
    // On this disk: a hard link (same file system as the staging folder, both under DATA_DIR), else a copy.
    try {
      await link(from, to);
      return;
    } catch (err) {
      const code = (err as NodeJS.ErrnoException).code;
      if (code === 'EXDEV') return copyFile(from, to).catch(() => this.#download(path, to));
      if (code !== 'ENOENT') throw err;
    }
    await this.#download(path, to);
  }

  async #download(path: string, to: string): Promise<void> {
    try {
      const res = await this.#o.client.send(
        new GetObjectCommand({ Bucket: this.#o.bucket, Key: this.#key(path) }),
      );
      await writeFile(
        to,
        await (res.Body as { transformToByteArray(): Promise<Uint8Array> }).transformToByteArray(),
      );
    } catch (err) {
      if (!notFound(err)) throw err;
    }
  }

  async delete(paths: readonly string[]): Promise<void> {
    for (const p of paths) {
      this.#queue.delete(p);
      this.#uploaded.delete(p);
      this.#deletes.add(p);
    }
    // This disk first: it is what the storage watermark measures, and needs no network.
    await removeLocal(this.root, paths);
    await this.#deleteObjects();
  }

  /** Deletes the objects waiting for it; those the bucket does not take wait for the next try (never an error). */
  async #deleteObjects(): Promise<void> {
    const waiting = [...this.#deletes];
    for (let i = 0; i < waiting.length; i += DELETE_BATCH) {
      const batch = waiting.slice(i, i + DELETE_BATCH);
      try {
        const res = await this.#o.client.send(
          new DeleteObjectsCommand({
            Bucket: this.#o.bucket,
            Delete: { Objects: batch.map((p) => ({ Key: this.#key(p) })), Quiet: true },
          }),
        );
        const failed = new Set((res.Errors ?? []).map((e) => e.Key));
        for (const p of batch) if (!failed.has(this.#key(p))) this.#deletes.delete(p);
      } catch (err) {
        this.#failed(err, 'objects not deleted yet');
        return;
      }
    }
  }

  async *list(prefix: string): AsyncIterable<{ path: string; bytes: number }> {
    const seen = new Set<string>();
    for await (const f of localFiles(this.root, join(this.root, prefix))) {
      seen.add(f.path);
      yield f;
    }
    let token: string | undefined;
    do {
      const page = await this.#o.client.send(
        new ListObjectsV2Command({
          Bucket: this.#o.bucket,
          Prefix: this.#key(prefix),
          ContinuationToken: token,
        }),
      );
      for (const o of page.Contents ?? []) {
        const path = (o.Key ?? '').slice(this.#o.prefix.length);
        if (!seen.has(path)) yield { path, bytes: o.Size ?? 0 };
      }
      token = page.IsTruncated ? page.NextContinuationToken : undefined;
    } while (token);
  }

  async close(): Promise<void> {
    this.#closed = true;
    clearTimeout(this.#timer);
    clearInterval(this.#sweeper);
    await this.#pumping;
    this.#o.client.destroy();
  }

  #key(path: string): string {
    return `${this.#o.prefix}${path}`;
  }

  #kick(): void {
    if (this.#pumping || this.#timer || this.#closed) return;
    this.#pumping = this.#pump().finally(() => {
      this.#pumping = undefined;
    });
  }

  /** Uploads the queue in order; on a failure, waits and tries again (the files are safe on this disk). */
  async #pump(): Promise<void> {
    if (this.#deletes.size > 0) await this.#deleteObjects();
    while (!this.#closed) {
      const [path] = this.#queue;
      if (path === undefined) return;
      let body: Buffer;
      try {
        body = await readFile(join(this.root, path));
      } catch {
        this.#queue.delete(path); // deleted meanwhile (record on motion, retention): nothing to upload
        continue;
      }
      try {
        await this.#o.client.send(
          new PutObjectCommand({ Bucket: this.#o.bucket, Key: this.#key(path), Body: body }),
        );
      } catch (err) {
        this.#failed(err, 'upload failed; the file stays on this disk and is tried again');
        return;
      }
      this.#queue.delete(path);
      this.#lastUploadMs = this.#now();
      if (this.#down) this.#o.log.info({ bucket: this.#o.bucket }, 'segment store: the bucket answers again');
      this.#down = false;
      this.#retryMs = this.#o.retryMs ?? 1000;
      if (path.includes('/init-')) this.#inits.add(path);
      // Deleted while it was being uploaded: the object goes too.
      if (!(await localFile(join(this.root, path)))) {
        this.#deletes.add(path);
        await this.#deleteObjects();
      } else if (!path.includes('/init-')) {
        this.#uploaded.set(path, this.#now());
        for (const tell of this.#stored) tell(path);
      }
    }
  }

  #failed(err: unknown, what: string): void {
    // Its kind only (the SDK's error name and code): /health is public, the message may name internal addresses.
    const e = err as { name?: string; code?: string };
    const kind = [e.name ?? 'Error', e.code].filter(Boolean).join(' ');
    this.#lastError = { message: `${what.split(';')[0]}: ${kind}`, atMs: this.#now() };
    if (!this.#down)
      this.#o.log.error({ bucket: this.#o.bucket, err: String(err) }, `segment store: ${what}`);
    this.#down = true;
    if (this.#closed || this.#timer) return;
    this.#timer = setTimeout(() => {
      this.#timer = undefined;
      this.#kick();
    }, this.#retryMs);
    this.#timer.unref();
    this.#retryMs = Math.min(RETRY_MAX_MS, this.#retryMs * 2);
  }

  async reclaimLocal(bytes: number): Promise<number> {
    let freed = 0;
    const gone: string[] = [];
    // Map order is upload order: the oldest uploads go first.
    for (const path of this.#uploaded.keys()) {
      if (freed >= bytes) break;
      freed += (await localFile(join(this.root, path)))?.size ?? 0;
      gone.push(path);
    }
    for (const p of gone) this.#uploaded.delete(p);
    await removeLocal(this.root, gone);
    return freed;
  }

  pendingLocal(limit: number): string[] {
    const out: string[] = [];
    for (const p of this.#queue) {
      if (out.length >= limit) break;
      if (p.endsWith('.m4s')) out.push(p);
    }
    return out;
  }

  /** Frees this disk of files uploaded long enough ago; init segments stay (small, and the writer reuses them). */
  #sweep(): void {
    const cutoff = this.#now() - this.#o.keepLocalMs;
    const old = [...this.#uploaded].filter(([, at]) => at <= cutoff).map(([p]) => p);
    for (const p of old) this.#uploaded.delete(p);
    if (old.length > 0)
      void removeLocal(this.root, old).catch((err: unknown) =>
        this.#o.log.warn({ err: String(err) }, 'segment store: cannot free uploaded files'),
      );
    if (this.#deletes.size > 0 || this.#queue.size > 0) this.#kick();
  }
}

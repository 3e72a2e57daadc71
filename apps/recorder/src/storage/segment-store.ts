import { createReadStream } from 'node:fs';
import { readdir, rm, rmdir, stat } from 'node:fs/promises';
import { dirname, join, relative } from 'node:path';
import type { Readable } from 'node:stream';

/** Bytes of a file, both ends included (as HTTP's `Range` names them). */
export interface ByteSpan {
  start: number;
  end: number;
}

/** A recorded file found for reading: its size, and its bytes whole or a span of them. */
export interface StoredFile {
  size: number;
  read(span?: ByteSpan): Promise<Readable>;
}

/** Files made readable on this host's disk for ffmpeg (clips, stills), as `dir`/<relative path>. */
export interface StagedFiles {
  dir: string;
  /** Once the reader is done: copies made for it are removed. */
  release(): void;
}

/**
 * Where recorded files (segments and their init segments, by their path relative to the recordings directory, as
 * the index names them) are kept, read and deleted (decision 0619). Every file is written on this host's disk first,
 * under `root` (the segment writer is not behind this: it writes a file per segment with one system call per read of
 * ffmpeg's output, decision 0212); `closed` hands a finished file to the store. The local store keeps it where it
 * is (the embedded default); the S3 store uploads it and later frees the disk.
 */
export interface SegmentStore {
  readonly kind: 'local' | 's3';
  /** The recordings directory on this host, where files are written and (at least for a while) kept. */
  readonly root: string;
  /** A file under `root` is complete (a segment closed and indexed, or an init segment): keep it. */
  closed(path: string): void;
  /** The file for reading, wherever it is; undefined when it is nowhere (deleted, or never made). */
  open(path: string): Promise<StoredFile | undefined>;
  /** The files on this disk for ffmpeg to read; a missing one is missing from `dir` too (ffmpeg says so). */
  stage(paths: readonly string[]): Promise<StagedFiles>;
  /** Deletes files wherever they are kept (retention, the watermark, record on motion, a deleted camera). */
  delete(paths: readonly string[]): Promise<void>;
  /** Every file under a folder (`<uidd>/`): what a deleted camera leaves, init segments included. */
  list(prefix: string): AsyncIterable<{ path: string; bytes: number }>;
  /** Stops background work (uploads); files written later are found again at the next start. */
  close(): Promise<void>;
  /**
   * A store whose disk is a cache (S3): the storage watermark (0208) frees the disk with these instead of deleting the
   * oldest footage, which is in the bucket and would free nothing here. `reclaimLocal` removes copies already uploaded
   * (nothing is lost), oldest upload first, about `bytes`, and says how much it freed; `pendingLocal` names the oldest
   * segments still waiting for their upload (deleting those loses footage: only when the bucket has been away long).
   */
  reclaimLocal?(bytes: number): Promise<number>;
  pendingLocal?(limit: number): string[];
  /** A bucket (S3): `listener` is told the path of every segment uploaded (its row is then marked, decision 0856). */
  onStored?(listener: (path: string) => void): void;
  /** A bucket: its state for /health (decision 0857). */
  status?(): BucketStatus;
  /** A bucket: a presigned GET URL of a file the bucket alone holds, else undefined (decision 0857). */
  presign?(path: string, ttlSec: number): Promise<string | undefined>;
}

/** An object-storage tier as /health shows it (decision 0857). */
export interface BucketStatus {
  bucket: string;
  /** Uploads and object deletions waiting. */
  backlog: number;
  /** The last upload that succeeded, epoch ms; undefined: none since this process started. */
  lastUploadMs: number | undefined;
  /** False from a failed upload or deletion until the next one succeeds. */
  reachable: boolean;
  lastError: string | undefined;
  lastErrorMs: number | undefined;
}

/** Every file under `dir`, with its path relative to `root`; nothing when the folder is not there. */
export async function* localFiles(root: string, dir: string): AsyncIterable<{ path: string; bytes: number }> {
  const entries = await readdir(dir, { withFileTypes: true }).catch(() => []);
  for (const e of entries) {
    const abs = join(dir, e.name);
    if (e.isDirectory()) yield* localFiles(root, abs);
    else if (e.isFile()) {
      const info = await stat(abs).catch(() => undefined);
      if (info) yield { path: relative(root, abs), bytes: info.size };
    }
  }
}

/** Removes files of this disk, then the folders they leave empty (a day's folder, a camera's). */
export async function removeLocal(root: string, paths: readonly string[]): Promise<void> {
  const dirs = new Set<string>();
  for (const p of paths) {
    const abs = join(root, p);
    await rm(abs, { force: true });
    dirs.add(dirname(abs));
  }
  for (const d of dirs)
    await rmdir(d).catch(() => {
      // Not empty (a segment was just written there), or gone already: keep it.
    });
}

/** The file at `abs` if it is one. */
export async function localFile(abs: string): Promise<StoredFile | undefined> {
  const info = await stat(abs).catch(() => undefined);
  if (!info?.isFile()) return undefined;
  return { size: info.size, read: async (span) => createReadStream(abs, span) };
}

/** Recordings on this host's disk, where the recorder writes them: today's default, and every test's. */
export class LocalSegmentStore implements SegmentStore {
  readonly kind = 'local';
  readonly root: string;

  constructor(root: string) {
    this.root = root;
  }

  closed(): void {
    // Already where it is kept.
  }

  open(path: string): Promise<StoredFile | undefined> {
    return localFile(join(this.root, path));
  }

  async stage(): Promise<StagedFiles> {
    return { dir: this.root, release: () => {} };
  }

  delete(paths: readonly string[]): Promise<void> {
    return removeLocal(this.root, paths);
  }

  list(prefix: string): AsyncIterable<{ path: string; bytes: number }> {
    return localFiles(this.root, join(this.root, prefix));
  }

  async close(): Promise<void> {}
}

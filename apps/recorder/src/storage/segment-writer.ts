import { createHash } from 'node:crypto';
import {
  closeSync,
  existsSync,
  ftruncateSync,
  mkdirSync,
  openSync,
  readSync,
  renameSync,
  rmSync,
  writeFileSync,
  writevSync,
} from 'node:fs';
import { dirname, join } from 'node:path';
import type { EpochMs, Uidd } from '@vigil/contracts';
import type { Fragment, InitSegment } from '../bmff/splitter.ts';
import type { RecorderLog } from '../log.ts';
import { KeyframeMarks } from './keyframes.ts';
import { initRel, partRel, segmentRel } from './layout.ts';
import type { Segment, StreamName } from './segments-repository.ts';

/** A fragment with the wall-clock time of its first video frame (see Timeline). */
export interface TimedFragment extends Fragment {
  wallMs: number;
  /**
   * `data` is a view of the recorder's shared read buffer (paced reading, decision 0212), overwritten once the
   * batch is handled: whoever keeps it must copy it. Unset: `data` is nobody else's to reuse.
   */
  borrowed?: boolean;
}

/** Where a fragment lies in an open segment file (see SegmentWriter.read). */
export interface FileSpan {
  /** Which segment: the writer numbers those it opens. */
  segment: number;
  byte: number;
  length: number;
}

export interface SegmentWriterOptions {
  root: string;
  uidd: Uidd;
  stream: StreamName;
  /** Cut at the first keyframe once the open segment is this long. */
  targetMs: number;
  /**
   * Indexes a closed segment (already renamed to its final path); undefined when its row was given up (the
   * indexer has logged why).
   */
  index: (segment: Omit<Segment, 'id'>) => Promise<Segment | undefined>;
  /** A segment is indexed and in its final place. */
  onClosed?: (segment: Segment) => void;
  /** Whether a new segment may be opened (the storage reserve, decision 0208); unset: always. */
  hasRoom?: () => boolean;
  /** A write, open or rename failed (ENOSPC: the storage watermark frees space at once). */
  onWriteFailed?: (err: unknown) => void;
  log: RecorderLog;
}

interface OpenSegment {
  fd: number;
  /** Numbers the segment in the process (FileSpan.segment). */
  serial: number;
  /** Fragments appended and not yet written (flush), and their size. */
  queued: Buffer[];
  queuedBytes: number;
  partAbs: string;
  /** Wall clock minus media time, from the latest fragment: the start is fixed at close, when it has settled. */
  offsetMs: number;
  firstTicks: number;
  endTicks: number;
  /** endTicks as of the last successful write: where the segment ends if a later write fails. */
  writtenEndTicks: number;
  bytes: number;
  initRel: string;
  initHash: string;
  codec: string;
  timescale: number;
  keyframes: KeyframeMarks;
  /** The first segment of an ffmpeg run: its timestamps start again (a stitcher's new input). */
  runStart: boolean;
}

/**
 * Runs `make` (which creates `abs`), creating its folder first only when it is missing: a day's folder exists for
 * all but its first segment, and two mkdir calls per segment were a good part of the writer's system calls.
 */
function inDir<T>(abs: string, make: () => T): T {
  try {
    return make();
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code !== 'ENOENT') throw err;
    mkdirSync(dirname(abs), { recursive: true });
    return make();
  }
}

export const initHash = (data: Buffer): string =>
  createHash('sha256').update(data).digest('hex').slice(0, 16);

/**
 * Cuts one stream into keyframe-aligned fMP4 segments on disk. The fragments of one read of ffmpeg's output are
 * written together with one synchronous writev (flush(), called after each read), so once the read is handled
 * they are in the kernel: a crash of the recorder loses only what ffmpeg and its pipe had not yet handed over. Closed segments are renamed from .part to .m4s, then indexed; what a crash
 * leaves (an open .part, a closed segment not yet indexed) is indexed at the next start (recovery.ts).
 */
/** Closed segments read() still reads: the motion GOP before a detecting keyframe is at most 2 cuts back. */
const RECENT_CLOSED = 3;

let serials = 0;

/** Reads length bytes at byte of fd; undefined when the file is shorter. */
function readAt(fd: number, byte: number, length: number): Buffer | undefined {
  const out = Buffer.allocUnsafe(length);
  return readSync(fd, out, 0, length, byte) === length ? out : undefined;
}

export class SegmentWriter {
  private init:
    | { rel: string; hash: string; codec: string; timescale: number; unwritten: Buffer | undefined }
    | undefined;
  private open: OpenSegment | undefined;
  private lastEndMs = 0;
  /** An init came (a new ffmpeg run) and no segment opened since. */
  private runStarting = false;
  /** The last segments closed (renamed to their final path): a motion refinement reads its GOP back from them. */
  private recent: { serial: number; abs: string; bytes: number }[] = [];
  private closing: Promise<void> = Promise.resolve();

  private readonly o: SegmentWriterOptions;

  constructor(o: SegmentWriterOptions) {
    this.o = o;
  }

  /** A new init segment (each ffmpeg run starts with one): closes the open segment, stores the init once. */
  setInit(init: InitSegment): void {
    this.closeOpen();
    this.runStarting = true;
    const video = init.info.video;
    if (!video) {
      this.init = undefined;
      this.o.log.warn(
        { uidd: this.o.uidd, stream: this.o.stream },
        'stream has no video track; not recording',
      );
      return;
    }
    const hash = initHash(init.data);
    const rel = initRel(this.o.uidd, this.o.stream, hash);
    const codec = /codecs="([^"]*)"/.exec(init.info.mimeType)?.[1] ?? video.codec;
    // A copy: the init may be a view of a read buffer reused before a retry.
    this.init = { rel, hash, codec, timescale: video.timescale, unwritten: Buffer.from(init.data) };
    this.writeInit();
  }

  /**
   * Stores the init segment once; false when it cannot be (a full disk): it is tried again at the next keyframe,
   * once the storage watermark has freed space, so the run goes on being recorded.
   */
  private writeInit(): boolean {
    const init = this.init;
    if (!init?.unwritten) return true;
    const abs = join(this.o.root, init.rel);
    try {
      if (!existsSync(abs)) {
        mkdirSync(dirname(abs), { recursive: true });
        writeFileSync(`${abs}.tmp`, init.unwritten);
        renameSync(`${abs}.tmp`, abs);
      }
      init.unwritten = undefined;
      return true;
    } catch (err) {
      rmSync(`${abs}.tmp`, { force: true });
      this.o.log.error({ uidd: this.o.uidd, err: String(err) }, 'cannot write an init segment');
      this.o.onWriteFailed?.(err);
      return false;
    }
  }

  /** Queues a fragment for the next flush; returns where it will lie in the open segment, if it is recorded. */
  append(f: TimedFragment): FileSpan | undefined {
    const init = this.init;
    if (!init) return undefined;
    if (f.video) {
      const open = this.open;
      const openMs = open ? ((open.endTicks - open.firstTicks) * 1000) / open.timescale : 0;
      if (f.keyframe && (!open || openMs >= this.o.targetMs)) {
        this.closeOpen();
        // Without room (the reserve is the database's) the GOP is not recorded; the next keyframe asks again.
        if (this.writeInit() && (this.o.hasRoom?.() ?? true)) this.openSegment(f, init);
      }
      if (this.open) {
        this.open.endTicks = f.video.baseDecodeTime + f.video.duration;
        this.open.offsetMs = f.wallMs - (f.video.baseDecodeTime * 1000) / init.timescale;
      }
    }
    // Before the first keyframe there is nothing a player could start from.
    const seg = this.open;
    if (!seg) return undefined;
    // Where the fragment will sit in the file: after what is written and what waits before it.
    const byte = seg.bytes + seg.queuedBytes;
    seg.keyframes.add(byte, f.keyframe, f.video?.baseDecodeTime);
    seg.queued.push(f.data);
    seg.queuedBytes += f.data.length;
    return { segment: seg.serial, byte, length: f.data.length };
  }

  /**
   * Reads back bytes of the open segment or of one of the last closed (the live prebuffer and the motion start
   * refinement, decisions 0212, 0550: just written, so from the page cache); undefined when that segment is neither
   * (older, dropped after a failed write, deleted by record on motion).
   */
  read(segment: number, byte: number, length: number): Buffer | undefined {
    this.flush();
    const seg = this.open;
    if (seg?.serial === segment) {
      if (byte + length > seg.bytes) return undefined;
      try {
        return readAt(seg.fd, byte, length);
      } catch (err) {
        this.o.log.warn({ uidd: this.o.uidd, err: String(err) }, 'cannot read back the open segment');
        return undefined;
      }
    }
    const closed = this.recent.find((r) => r.serial === segment);
    if (!closed || byte + length > closed.bytes) return undefined;
    let fd: number | undefined;
    try {
      fd = openSync(closed.abs, 'r');
      return readAt(fd, byte, length);
    } catch {
      return undefined; // deleted since (record on motion): nothing to read
    } finally {
      if (fd !== undefined) closeSync(fd);
    }
  }

  /** Writes the fragments appended since the last flush, in one system call. */
  flush(): void {
    const seg = this.open;
    if (!seg || seg.queued.length === 0) return;
    const queued = seg.queued;
    const want = seg.queuedBytes;
    seg.queued = [];
    seg.queuedBytes = 0;
    try {
      // libuv goes on after a short write, but a disk that fills mid-batch ends it short without an error.
      const wrote = writevSync(seg.fd, queued);
      if (wrote !== want)
        throw Object.assign(new Error(`short write: ${wrote} of ${want} bytes`), { code: 'ENOSPC' });
      seg.bytes += wrote;
      seg.writtenEndTicks = seg.endTicks;
    } catch (err) {
      // What was written before this batch is whole fragments: the segment is closed there and kept (a full disk
      // must not cost the seconds already on it); the failed batch's bytes, some possibly written, are cut off.
      this.o.log.error(
        { uidd: this.o.uidd, err: String(err) },
        'segment write failed; closing it where it was whole',
      );
      this.cutShort(seg);
      this.o.onWriteFailed?.(err);
    }
  }

  /** Ends the open segment at its last whole write; dropped when nothing of it is whole or it cannot be cut. */
  private cutShort(seg: OpenSegment): void {
    try {
      ftruncateSync(seg.fd, seg.bytes);
    } catch {
      this.discardOpen();
      return;
    }
    seg.endTicks = seg.writtenEndTicks;
    seg.keyframes.truncate(seg.bytes);
    this.closeOpen();
  }

  /** Closes the open segment; resolves once every closed segment is indexed. */
  close(): Promise<void> {
    this.closeOpen();
    return this.closing;
  }

  private openSegment(f: TimedFragment, init: NonNullable<SegmentWriter['init']>): void {
    // Named after the start as estimated now; the start recorded at close may be a little earlier.
    const rel = partRel(this.o.uidd, this.o.stream, Math.round(f.wallMs), init.hash);
    const abs = join(this.o.root, rel);
    try {
      this.open = {
        // Read as well as written: a new live viewer's prebuffer is read back from it (read()).
        fd: inDir(abs, () => openSync(abs, 'w+')),
        // Unique in the process, not per writer: a span kept across a writer's replacement reads nothing.
        serial: ++serials,
        queued: [],
        queuedBytes: 0,
        partAbs: abs,
        offsetMs: 0,
        firstTicks: f.video?.baseDecodeTime ?? 0,
        endTicks: f.video?.baseDecodeTime ?? 0,
        writtenEndTicks: f.video?.baseDecodeTime ?? 0,
        bytes: 0,
        initRel: init.rel,
        initHash: init.hash,
        codec: init.codec,
        timescale: init.timescale,
        keyframes: new KeyframeMarks(init.timescale),
        runStart: this.runStarting,
      };
      this.runStarting = false;
    } catch (err) {
      this.o.log.error({ uidd: this.o.uidd, err: String(err) }, 'cannot open a segment file');
      this.o.onWriteFailed?.(err);
    }
  }

  private discardOpen(): void {
    const seg = this.open;
    this.open = undefined;
    if (!seg) return;
    try {
      closeSync(seg.fd);
    } catch {
      // Already closed or never valid: nothing to keep.
    }
    rmSync(seg.partAbs, { force: true });
  }

  private closeOpen(): void {
    this.flush();
    const seg = this.open;
    this.open = undefined;
    if (!seg) return;
    closeSync(seg.fd);
    const durationMs = Math.round(((seg.endTicks - seg.firstTicks) * 1000) / seg.timescale);
    if (seg.bytes === 0 || durationMs <= 0) {
      rmSync(seg.partAbs, { force: true });
      return;
    }
    // Segments of a stream never overlap, even when the clock mapping moves a little earlier.
    const startMs = Math.max(
      this.lastEndMs,
      Math.round((seg.firstTicks * 1000) / seg.timescale + seg.offsetMs),
    );
    const endMs = startMs + durationMs;
    this.lastEndMs = endMs;
    const rel = segmentRel(this.o.uidd, this.o.stream, startMs, seg.initHash);
    const segment: Omit<Segment, 'id'> = {
      uidd: this.o.uidd,
      stream: this.o.stream,
      startMs: startMs as EpochMs,
      endMs: endMs as EpochMs,
      bytes: seg.bytes,
      path: rel,
      initPath: seg.initRel,
      codec: seg.codec,
      keyframes: seg.keyframes.list,
      runStart: seg.runStart,
    };
    // Rename, then index: a crash in between leaves a closed segment without its row, which recovery finds
    // (it is the newest file of its stream).
    try {
      const final = join(this.o.root, rel);
      inDir(final, () => renameSync(seg.partAbs, final));
      this.recent.push({ serial: seg.serial, abs: final, bytes: seg.bytes });
      if (this.recent.length > RECENT_CLOSED) this.recent.shift();
    } catch (err) {
      this.o.log.error({ uidd: this.o.uidd, err: String(err) }, 'cannot close a segment file');
      this.o.onWriteFailed?.(err);
      return;
    }
    // Handed to the indexer at once, not after the previous row is in: while the database is away the rows wait
    // there, in order and bounded (decision 0015). Only onClosed keeps the chain, to come in order.
    const indexed = this.o.index(segment).catch((err: unknown) => {
      this.o.log.error({ uidd: this.o.uidd, err: String(err) }, 'segment not indexed; recovery will retry');
      return undefined;
    });
    this.closing = this.closing
      .then(() => indexed)
      .then((s) => s && this.o.onClosed?.(s))
      .catch((err: unknown) => {
        this.o.log.error({ uidd: this.o.uidd, err: String(err) }, 'segment closed handler failed');
      });
  }
}

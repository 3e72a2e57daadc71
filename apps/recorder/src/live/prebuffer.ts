import type { TrafInfo } from '../bmff/mp4.ts';
import type { FileSpan, TimedFragment } from '../storage/segment-writer.ts';

/** Reads bytes of a segment the writer has open (SegmentWriter.read); undefined when it no longer can. */
export type SpanReader = (segment: number, byte: number, length: number) => Buffer | undefined;

/** A fragment of the prebuffer: its bytes, or only where they lie in the open segment file. */
interface Entry {
  video: TrafInfo | undefined;
  keyframe: boolean;
  wallMs: number;
  data: Buffer | undefined;
  at: FileSpan | undefined;
}

const fragmentOf = (e: Entry, data: Buffer): TimedFragment => ({
  data,
  video: e.video,
  keyframe: e.keyframe,
  wallMs: e.wallMs,
});

/**
 * The fragments since the last keyframe (decisions 0203, 0212). A fragment whose bytes are borrowed (paced reading)
 * but written to the open segment is kept as its place in the file, not in memory: while nobody watches, the
 * recorder holds no video, and a new viewer's GOP is read back from the file (page cache) when asked for. Owned
 * bytes (prompt reading) are kept as they are; borrowed bytes with no file behind them (a stream not recorded) are
 * copied.
 */
export class Prebuffer {
  private entries: Entry[] = [];
  private ticks = 0;
  /** A GOP shorter than this (10 ms) is a keyframe split in two packets of one timestamp: it keeps growing. */
  private sliverTicks = 0;

  /** A new init: what was kept is stale. */
  reset(timescale: number): void {
    this.clear();
    this.sliverTicks = timescale / 100;
  }

  clear(): void {
    this.entries = [];
    this.ticks = 0;
  }

  /** Adds a fragment (`at`: where the writer put it); false when it does not belong (no keyframe yet). */
  push(f: TimedFragment, at: FileSpan | undefined): boolean {
    const sliver = this.ticks < this.sliverTicks;
    if (f.keyframe && !sliver) this.clear();
    else if (!f.keyframe && this.entries.length === 0) return false;
    const data = !f.borrowed ? f.data : at ? undefined : Buffer.from(f.data);
    this.entries.push({ video: f.video, keyframe: f.keyframe, wallMs: f.wallMs, data, at });
    this.ticks += f.video?.duration ?? 0;
    return true;
  }

  /** The first fragment (a keyframe), with its bytes, if there is one and its bytes can be had. */
  first(read: SpanReader): TimedFragment | undefined {
    const e = this.entries[0];
    if (!e) return undefined;
    e.data ??= e.at && read(e.at.segment, e.at.byte, e.at.length);
    return e.data ? fragmentOf(e, e.data) : undefined;
  }

  /**
   * Every fragment with its bytes: those in the file read back in one read. When they cannot be (the segment was
   * closed or dropped since), nothing: a decoder could not start from what is left, and the GOP is dropped (the
   * next keyframe starts a new one).
   */
  fragments(read: SpanReader): TimedFragment[] {
    const from = this.entries.findIndex((e) => !e.data);
    if (from >= 0 && !this.readBack(from, read)) {
      this.clear();
      return [];
    }
    return this.entries.map((e) => fragmentOf(e, e.data as Buffer));
  }

  /** Reads the bytes of entries[from..] that are only in the file; they must lie one after another in it. */
  private readBack(from: number, read: SpanReader): boolean {
    const spans: FileSpan[] = [];
    for (const e of this.entries.slice(from)) {
      const prev = spans.at(-1);
      if (!e.at || (prev && (e.at.segment !== prev.segment || e.at.byte !== prev.byte + prev.length))) {
        return false;
      }
      spans.push(e.at);
    }
    const first = spans[0] as FileSpan;
    const last = spans.at(-1) as FileSpan;
    const bytes = read(first.segment, first.byte, last.byte + last.length - first.byte);
    if (!bytes) return false;
    for (const e of this.entries.slice(from)) {
      const at = e.at as FileSpan;
      e.data ??= bytes.subarray(at.byte - first.byte, at.byte - first.byte + at.length);
    }
    return true;
  }
}

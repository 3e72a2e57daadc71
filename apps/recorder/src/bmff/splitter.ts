import { CarriedTail } from './carried-tail.ts';
import { type InitInfo, parseInit, parseMoof, type TrafInfo } from './mp4.ts';

export interface InitSegment {
  /** ftyp + moov, as ffmpeg wrote them. */
  data: Buffer;
  info: InitInfo;
}

export interface Fragment {
  /** moof + mdat. */
  data: Buffer;
  /** The video track's part of this fragment; undefined for an audio-only fragment. */
  video: TrafInfo | undefined;
  /** Opens with a video keyframe: a decoder (or a segment) can start here. */
  keyframe: boolean;
}

export type SplitEvent = { kind: 'init'; init: InitSegment } | { kind: 'fragment'; fragment: Fragment };

/** Largest box accepted: a runaway size field must not make the recorder buffer forever. */
export const MAX_BOX = 64 << 20;

/** Box types as the big-endian numbers of their four letters (no string per box). */
const fourcc = (s: string): number => Buffer.from(s, 'latin1').readUInt32BE(0);
const FTYP = fourcc('ftyp');
const MOOV = fourcc('moov');
const MOOF = fourcc('moof');
const MDAT = fourcc('mdat');

/**
 * Turns ffmpeg's fragmented MP4 byte stream into an init segment and fragments. Boxes other than ftyp, moov,
 * moof and mdat (free, prft, sidx, mfra) are skipped.
 *
 * `split()` works in place (decision 0212): fragments are views of the buffer it is given, nothing is copied but
 * the init segment; what it cannot use yet (a box cut short, a moof waiting for its mdat) is left for the caller
 * to carry to the next read. `push()` does the carrying itself, for callers with chunks.
 */
export class Mp4Splitter {
  private ftyp: Buffer | undefined;
  private init: InitSegment | undefined;
  private readonly tail = new CarriedTail();

  /**
   * Splits the whole boxes at the start of `buf` (which starts at a box boundary). Returns the events, whose
   * fragments are views of `buf`, and how many bytes were used: `buf[consumed..]` must come again, followed by
   * the next bytes of the stream. Throws on a box size no MP4 writer would produce.
   */
  split(buf: Buffer): { events: SplitEvent[]; consumed: number } {
    const events: SplitEvent[] = [];
    let off = 0;
    let consumed = 0;
    let moofAt = -1;
    let moofEnd = -1;
    while (off + 8 <= buf.length) {
      let size = buf.readUInt32BE(off);
      if (size === 1) {
        if (off + 16 > buf.length) break;
        size = Number(buf.readBigUInt64BE(off + 8));
      }
      if (size < 8 || size > MAX_BOX) throw new Error(`bad box size ${size}`);
      const end = off + size;
      if (end > buf.length) break;
      const type = buf.readUInt32BE(off + 4);
      if (type === MOOF) {
        // A moof stays (is not consumed) until its mdat is whole; an earlier moof without an mdat is dropped.
        moofAt = off;
        moofEnd = end;
        consumed = off;
      } else if (type === MDAT) {
        if (moofAt >= 0 && this.init) events.push(this.fragment(buf, moofAt, moofEnd, off, end));
        moofAt = -1;
        consumed = end;
      } else if (type === FTYP || type === MOOV) {
        // Not parsed twice: a moof before them (never seen) is dropped.
        if (type === FTYP) this.ftyp = Buffer.from(buf.subarray(off, end));
        else events.push(this.initFrom(buf.subarray(off, end)));
        moofAt = -1;
        consumed = end;
      } else if (moofAt < 0) {
        consumed = end;
      }
      off = end;
    }
    return { events, consumed };
  }

  /** Adds a chunk of the stream (kept as it is: fragments may be views of it); returns what it completed. */
  push(chunk: Buffer): SplitEvent[] {
    const buf = this.tail.join(chunk);
    const { events, consumed } = this.split(buf);
    this.tail.keep(buf, consumed);
    return events;
  }

  /** Bytes given to push() and not yet part of an event. */
  get pendingBytes(): number {
    return this.tail.length;
  }

  private initFrom(moov: Buffer): SplitEvent {
    const data = this.ftyp ? Buffer.concat([this.ftyp, moov]) : Buffer.from(moov);
    this.init = { data, info: parseInit(data.subarray(data.length - moov.length)) };
    return { kind: 'init', init: this.init };
  }

  private fragment(
    buf: Buffer,
    moofAt: number,
    moofEnd: number,
    mdatAt: number,
    mdatEnd: number,
  ): SplitEvent {
    const info = (this.init as InitSegment).info;
    const moof = buf.subarray(moofAt, moofEnd);
    const trafs = parseMoof(moof, info);
    const video = trafs.find((t) => t.trackId === info.video?.id);
    // ffmpeg writes the mdat right after its moof; anything between (never seen) is left out, as it always was.
    const data =
      moofEnd === mdatAt
        ? buf.subarray(moofAt, mdatEnd)
        : Buffer.concat([moof, buf.subarray(mdatAt, mdatEnd)]);
    return { kind: 'fragment', fragment: { data, video, keyframe: video?.startsWithSync ?? false } };
  }
}

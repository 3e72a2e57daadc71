import { BoxReader } from './boxes.ts';
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

/** Whether b follows a in the same memory: then the fragment is a view of ffmpeg's chunk, not a copy (the
 * usual case: ffmpeg flushes each fragment in one write, which arrives as one chunk). */
const adjacent = (a: Buffer, b: Buffer): boolean =>
  a.buffer === b.buffer && a.byteOffset + a.length === b.byteOffset;

export type SplitEvent = { kind: 'init'; init: InitSegment } | { kind: 'fragment'; fragment: Fragment };

/**
 * Turns ffmpeg's fragmented MP4 byte stream into an init segment and fragments. Boxes other than ftyp, moov,
 * moof and mdat (free, prft, sidx, mfra) are skipped.
 */
export class Mp4Splitter {
  private readonly reader = new BoxReader();
  private ftyp: Buffer | undefined;
  private moof: Buffer | undefined;
  private init: InitSegment | undefined;

  push(chunk: Buffer): SplitEvent[] {
    const out: SplitEvent[] = [];
    for (const box of this.reader.push(chunk)) {
      switch (box.type) {
        case 'ftyp':
          this.ftyp = box.data;
          break;
        case 'moov': {
          const data = this.ftyp ? Buffer.concat([this.ftyp, box.data]) : Buffer.from(box.data);
          this.init = { data, info: parseInit(box.data) };
          out.push({ kind: 'init', init: this.init });
          break;
        }
        case 'moof':
          this.moof = box.data;
          break;
        case 'mdat': {
          if (!this.moof || !this.init) break;
          const trafs = parseMoof(this.moof, this.init.info);
          const videoId = this.init.info.video?.id;
          const video = trafs.find((t) => t.trackId === videoId);
          const data = adjacent(this.moof, box.data)
            ? Buffer.from(this.moof.buffer, this.moof.byteOffset, this.moof.length + box.data.length)
            : Buffer.concat([this.moof, box.data]);
          out.push({ kind: 'fragment', fragment: { data, video, keyframe: video?.startsWithSync ?? false } });
          this.moof = undefined;
          break;
        }
        default:
          break;
      }
    }
    return out;
  }

  get pendingBytes(): number {
    return this.reader.pending;
  }
}

import { children, path } from './boxes.ts';
import { avcCodec, hevcCodec, mp4aCodec } from './codec-string.ts';

export interface TrackInfo {
  id: number;
  kind: 'video' | 'audio' | 'other';
  timescale: number;
  /** RFC 6381 codec string, e.g. avc1.64001f, hvc1.1.6.L93.B0, mp4a.40.2 ('' when unknown). */
  codec: string;
  width: number;
  height: number;
  /** Defaults from mvex/trex, used when a fragment does not say. */
  defaultDuration: number;
  defaultFlags: number;
}

export interface InitInfo {
  tracks: Map<number, TrackInfo>;
  video: TrackInfo | undefined;
  /** For MSE: video/mp4; codecs="avc1.64001f,mp4a.40.2". */
  mimeType: string;
}

/** The init segment: ftyp + moov. */
export function parseInit(moov: Buffer): InitInfo {
  const tracks = new Map<number, TrackInfo>();
  for (const { type, data: trak } of children(moov)) {
    if (type !== 'trak') continue;
    const tkhd = path(trak, 'tkhd');
    const mdhd = path(trak, 'mdia', 'mdhd');
    const hdlr = path(trak, 'mdia', 'hdlr');
    const stsd = path(trak, 'mdia', 'minf', 'stbl', 'stsd');
    if (!tkhd || !mdhd || !hdlr) continue;
    const id = tkhd.readUInt32BE(tkhd[8] === 1 ? 28 : 20);
    const timescale = mdhd.readUInt32BE(mdhd[8] === 1 ? 28 : 20);
    const handler = hdlr.toString('latin1', 16, 20);
    const kind = handler === 'vide' ? 'video' : handler === 'soun' ? 'audio' : 'other';
    const track: TrackInfo = {
      id,
      kind,
      timescale,
      codec: '',
      width: 0,
      height: 0,
      defaultDuration: 0,
      defaultFlags: 0,
    };
    const entry = stsd ? [...children(stsd, 16)][0] : undefined;
    if (entry && kind === 'video') {
      track.width = entry.data.readUInt16BE(32);
      track.height = entry.data.readUInt16BE(34);
      const cfg = [...children(entry.data, 86)];
      const avcC = cfg.find((c) => c.type === 'avcC');
      const hvcC = cfg.find((c) => c.type === 'hvcC');
      if (avcC) track.codec = avcCodec(entry.type, avcC.data);
      else if (hvcC) track.codec = hevcCodec(entry.type, hvcC.data);
      else track.codec = entry.type;
    } else if (entry && kind === 'audio') {
      const esds = [...children(entry.data, 36)].find((c) => c.type === 'esds');
      track.codec = entry.type === 'mp4a' && esds ? mp4aCodec(esds.data) : entry.type;
    }
    tracks.set(id, track);
  }
  const mvex = path(moov, 'mvex');
  for (const { type, data } of mvex ? children(mvex) : []) {
    const t = type === 'trex' ? tracks.get(data.readUInt32BE(12)) : undefined;
    if (t) {
      t.defaultDuration = data.readUInt32BE(20);
      t.defaultFlags = data.readUInt32BE(28);
    }
  }
  const video = [...tracks.values()].find((t) => t.kind === 'video');
  const codecs = [...tracks.values()].filter((t) => t.kind !== 'other' && t.codec).map((t) => t.codec);
  return { tracks, video, mimeType: `video/mp4; codecs="${codecs.join(',')}"` };
}

export interface TrafInfo {
  trackId: number;
  /** Decode time of the first sample, in the track's timescale (tfdt). */
  baseDecodeTime: number;
  sampleCount: number;
  /** Sum of the sample durations, in the track's timescale. */
  duration: number;
  /** The first sample is a sync sample (a keyframe, for video). */
  startsWithSync: boolean;
}

const NON_SYNC = 0x0001_0000;

/** Reads what the recorder needs from a moof: per track, decode time, duration and whether it opens on a
 * keyframe, with the flag precedence of ISO/IEC 14496-12 (trun first-sample, per-sample, tfhd, trex). */
export function parseMoof(moof: Buffer, init: InitInfo): TrafInfo[] {
  const out: TrafInfo[] = [];
  for (const { type, data: traf } of children(moof)) {
    if (type !== 'traf') continue;
    let trackId = 0;
    let defaultDuration: number | undefined;
    let defaultFlags: number | undefined;
    let baseDecodeTime = 0;
    let sampleCount = 0;
    let duration = 0;
    let firstFlags: number | undefined;
    for (const { type: t, data: b } of children(traf)) {
      if (t === 'tfhd') {
        const flags = b.readUIntBE(9, 3);
        trackId = b.readUInt32BE(12);
        let off = 16;
        if (flags & 0x1) off += 8;
        if (flags & 0x2) off += 4;
        if (flags & 0x8) {
          defaultDuration = b.readUInt32BE(off);
          off += 4;
        }
        if (flags & 0x10) off += 4;
        if (flags & 0x20) defaultFlags = b.readUInt32BE(off);
      } else if (t === 'tfdt') {
        baseDecodeTime = b[8] === 1 ? Number(b.readBigUInt64BE(12)) : b.readUInt32BE(12);
      } else if (t === 'trun') {
        const track = init.tracks.get(trackId);
        const flags = b.readUIntBE(9, 3);
        const count = b.readUInt32BE(12);
        let off = 16;
        if (flags & 0x1) off += 4;
        let first: number | undefined;
        if (flags & 0x4) {
          first = b.readUInt32BE(off);
          off += 4;
        }
        const fallbackDuration = defaultDuration ?? track?.defaultDuration ?? 0;
        const fallbackFlags = defaultFlags ?? track?.defaultFlags ?? 0;
        for (let i = 0; i < count; i++) {
          let d = fallbackDuration;
          let f = fallbackFlags;
          if (flags & 0x100) {
            d = b.readUInt32BE(off);
            off += 4;
          }
          if (flags & 0x200) off += 4;
          if (flags & 0x400) {
            f = b.readUInt32BE(off);
            off += 4;
          }
          if (flags & 0x800) off += 4;
          if (i === 0 && sampleCount === 0) firstFlags = first ?? f;
          duration += d;
        }
        sampleCount += count;
      }
    }
    out.push({
      trackId,
      baseDecodeTime,
      sampleCount,
      duration,
      startsWithSync: firstFlags !== undefined && !(firstFlags & NON_SYNC),
    });
  }
  return out;
}

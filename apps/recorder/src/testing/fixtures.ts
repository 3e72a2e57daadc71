import { execFileSync } from 'node:child_process';

export interface Fmp4Fixture {
  codec?: 'h264' | 'h265';
  seconds?: number;
  fps?: number;
  /** Keyframe interval in frames. */
  gop?: number;
  audio?: boolean;
  /** The picture's size, WxH; default 320x240. */
  size?: string;
}

/** Real ffmpeg output, made the way the recorder's ingest makes it (same movflags), from a test pattern. */
export function makeFmp4(o: Fmp4Fixture = {}): Buffer {
  const fps = o.fps ?? 10;
  const gop = o.gop ?? 10;
  const seconds = o.seconds ?? 3;
  const args = [
    '-v',
    'error',
    '-f',
    'lavfi',
    '-i',
    `testsrc2=size=${o.size ?? '320x240'}:rate=${fps}:duration=${seconds}`,
  ];
  if (o.audio) args.push('-f', 'lavfi', '-i', `sine=frequency=440:sample_rate=16000:duration=${seconds}`);
  if (o.codec === 'h265') {
    args.push('-c:v', 'libx265', '-x265-params', `keyint=${gop}:min-keyint=${gop}:bframes=0:log-level=error`);
  } else {
    args.push(
      '-c:v',
      'libx264',
      '-g',
      String(gop),
      '-keyint_min',
      String(gop),
      '-sc_threshold',
      '0',
      '-bf',
      '0',
    );
  }
  if (o.audio) args.push('-c:a', 'aac', '-b:a', '32k');
  args.push('-pix_fmt', 'yuv420p', '-f', 'mp4');
  args.push(
    '-movflags',
    '+frag_keyframe+empty_moov+default_base_moof+skip_trailer',
    '-frag_duration',
    '1',
    'pipe:1',
  );
  return execFileSync('ffmpeg', args, { maxBuffer: 64 << 20 });
}

/** Splits a buffer into chunks of pseudo-random sizes, as a pipe delivers them. */
export function chop(data: Buffer, seed = 1): Buffer[] {
  const out: Buffer[] = [];
  let s = seed;
  for (let off = 0; off < data.length; ) {
    s = (s * 1103515245 + 12345) % 2 ** 31;
    const n = 1 + (s % 9000);
    out.push(data.subarray(off, off + n));
    off += n;
  }
  return out;
}

export interface ProbedPacket {
  pts_time: string;
  flags: string;
}

/** ffprobe of a file: errors (empty when it plays cleanly) and its video packets. */
export function probeFile(path: string): { errors: string; packets: ProbedPacket[]; duration: number } {
  let errors = '';
  let out = '';
  try {
    out = execFileSync(
      'ffprobe',
      [
        '-v',
        'error',
        '-select_streams',
        'v:0',
        '-show_packets',
        '-show_entries',
        'packet=pts_time,flags:format=duration',
        '-of',
        'json',
        path,
      ],
      { encoding: 'utf8', stdio: ['ignore', 'pipe', 'pipe'], maxBuffer: 64 << 20 },
    );
  } catch (err) {
    errors = String((err as { stderr?: string }).stderr ?? err);
  }
  const json = out ? JSON.parse(out) : { packets: [], format: {} };
  return { errors, packets: json.packets ?? [], duration: Number(json.format?.duration ?? 0) };
}

/** Decodes every frame of a file; returns ffmpeg's complaints (empty when it decodes cleanly). */
export function decodeErrors(path: string): string {
  try {
    execFileSync('ffmpeg', ['-v', 'error', '-i', path, '-f', 'null', '-'], {
      stdio: ['ignore', 'ignore', 'pipe'],
    });
    return '';
  } catch (err) {
    return String((err as { stderr?: Buffer }).stderr ?? err);
  }
}

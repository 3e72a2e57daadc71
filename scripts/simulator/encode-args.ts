import { createHash } from 'node:crypto';

export type SimCodec = 'h264' | 'h265';

/** What a pre-encoded loop looks like; two cameras with equal parameters share one file. */
export interface LoopParams {
  codec: SimCodec;
  width: number;
  height: number;
  fps: number;
  gopSec: number;
  loopSec: number;
  kbps: number;
  /** Seconds within the loop [start, end) when an object moves across the picture. */
  motion: ReadonlyArray<readonly [number, number]>;
}

// Bump when the picture or the encoding changes, so caches built by an older version are not reused.
const LOOP_VERSION = 2;

export function loopCacheKey(p: LoopParams): string {
  const json = JSON.stringify({ v: LOOP_VERSION, ...p });
  return `${p.codec}-${p.width}x${p.height}-${p.fps}fps-${createHash('sha256').update(json).digest('hex').slice(0, 12)}`;
}

const FONT = '/usr/share/fonts/truetype/dejavu/DejaVuSans-Bold.ttf';

/** The lavfi graph: a still scene with sensor noise (a realistic bit rate) and a box that moves only in the
 * motion intervals, so motion detection has known answers. */
export function loopFilterGraph(p: LoopParams): string {
  const size = `${p.width}x${p.height}`;
  const box = `${Math.round(p.width / 8)}x${Math.round(p.height / 6)}`;
  const enable = p.motion.map(([a, b]) => `between(t,${a},${b - 0.001})`).join('+') || '0';
  const fontSize = Math.max(12, Math.round(p.height / 24));
  return [
    `color=c=0x3a4a5a:size=${size}:rate=${p.fps}:duration=${p.loopSec},`,
    `drawgrid=w=${Math.round(p.width / 16)}:h=${Math.round(p.height / 9)}:t=2:c=white@0.35,`,
    `noise=alls=5:allf=t[bg];`,
    `color=c=orange:size=${box}:rate=${p.fps}:duration=${p.loopSec}[box];`,
    `[bg][box]overlay=x='mod(t*W/4,W-w)':y='(H-h)/2+(H/4)*sin(t*2)':enable='${enable}':shortest=1,`,
    `drawtext=fontfile=${FONT}:text='Vigil simulator %{pts\\:hms}':x=24:y=24:fontsize=${fontSize}:fontcolor=white`,
  ].join('');
}

/** ffmpeg arguments that encode one loop as raw Annex B with an access unit delimiter before every frame
 * (the simulator splits frames on it), no B-frames and a keyframe exactly every gopSec. */
export function preEncodeArgs(p: LoopParams, outPath: string): string[] {
  const gop = Math.round(p.gopSec * p.fps);
  const rate = [`-b:v`, `${p.kbps}k`, '-maxrate', `${p.kbps}k`, '-bufsize', `${p.kbps}k`];
  const codec =
    p.codec === 'h264'
      ? [
          '-c:v',
          'libx264',
          '-preset',
          'veryfast',
          '-profile:v',
          'high',
          '-g',
          String(gop),
          '-keyint_min',
          String(gop),
          '-sc_threshold',
          '0',
          '-bf',
          '0',
          '-x264-params',
          'aud=1',
          '-f',
          'h264',
        ]
      : [
          '-c:v',
          'libx265',
          '-preset',
          'veryfast',
          '-x265-params',
          `keyint=${gop}:min-keyint=${gop}:bframes=0:scenecut=0:aud=1:repeat-headers=1:log-level=error`,
          '-f',
          'hevc',
        ];
  return [
    '-hide_banner',
    '-loglevel',
    'error',
    '-nostdin',
    '-y',
    '-f',
    'lavfi',
    '-i',
    loopFilterGraph(p),
    '-pix_fmt',
    'yuv420p',
    ...rate,
    ...codec,
    outPath,
  ];
}

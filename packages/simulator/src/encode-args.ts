import { createHash } from 'node:crypto';
import { type DemoView, viewFilterGraph } from './demo-views.ts';
import { type Walk, walkingFilterGraph } from './walking-scene.ts';

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
  /** Changes that are not motion, for motion detection to ignore (absent: none; the loop is as before). */
  scene?: ReadonlyArray<SceneChange> | undefined;
  /** What moves: absent, an orange box; 'person', a photograph of a person (assets/person.png) walking across;
   * 'crossing', the same photograph crossing the whole picture left to right once in each motion interval;
   * 'walking', people walking both ways at the times of `walks` (walking-scene.ts, decision 0884). */
  object?: 'person' | 'crossing' | 'walking' | undefined;
  /** The walking scene's schedule (its truth); only with `object: 'walking'`. */
  walks?: readonly Walk[] | undefined;
  /** A recognisable scene (demo-views.ts) instead of the grid; it takes the place of `object` and `scene`. */
  view?: DemoView | undefined;
}

/**
 * What a camera sees that is not motion, within [from, to) seconds of the loop:
 * - lights: the scene's light steps up (a lamp switched on) and back down at the end;
 * - dim: exposure falls smoothly and comes back (a cloud, dusk);
 * - spotlight: a soft-edged light appears over part of the scene (a porch lamp), and goes;
 * - noise: heavy sensor noise (night gain).
 */
export interface SceneChange {
  kind: 'lights' | 'dim' | 'spotlight' | 'noise';
  from: number;
  to: number;
}

// Bump when the picture or the encoding changes, so caches built by an older version are not reused.
const LOOP_VERSION = 2;

export function loopCacheKey(p: LoopParams): string {
  const json = JSON.stringify({ v: LOOP_VERSION, ...p });
  return `${p.codec}-${p.width}x${p.height}-${p.fps}fps-${createHash('sha256').update(json).digest('hex').slice(0, 12)}`;
}

/** How every encode of the simulator starts: errors only, no keyboard, the output overwritten. */
const QUIET_OVERWRITE = ['-hide_banner', '-loglevel', 'error', '-nostdin', '-y'];
const FONT = '/usr/share/fonts/truetype/dejavu/DejaVuSans-Bold.ttf';

/** The lavfi graph: a still scene with sensor noise (a realistic bit rate) and a box that moves only in the
 * motion intervals, so motion detection has known answers. With `object: 'person'`, `picture` (assets/person.png) walks across the lower part of the picture instead of the box. */
export function loopFilterGraph(p: LoopParams, picture?: string): string {
  if (p.view) return viewFilterGraph(p.view, p, p.motion, picture);
  if (p.object === 'walking') {
    if (!picture) throw new Error('the walking scene needs its picture');
    return walkingFilterGraph(p, picture, p.walks ?? [], FONT);
  }
  if (p.object === 'person' || p.object === 'crossing') return personFilterGraph(p, picture);
  if (p.scene?.length) return sceneFilterGraph(p, p.scene);
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

function personFilterGraph(p: LoopParams, picture: string | undefined): string {
  if (!picture) throw new Error('the person object needs its picture');
  if (/['\\:;,[\]]/.test(picture))
    throw new Error(`picture path ${picture} needs escaping in a filter graph`);
  const size = `${p.width}x${p.height}`;
  const enable = p.motion.map(([a, b]) => `between(t,${a},${b - 0.001})`).join('+') || '0';
  const fontSize = Math.max(12, Math.round(p.height / 24));
  // 60 % of the picture's height, standing near the bottom; the same walk as the box's, without the bounce.
  const h = Math.round(p.height * 0.6);
  return [
    `color=c=0x3a4a5a:size=${size}:rate=${p.fps}:duration=${p.loopSec},`,
    `drawgrid=w=${Math.round(p.width / 16)}:h=${Math.round(p.height / 9)}:t=2:c=white@0.35,`,
    `noise=alls=5:allf=t[bg];`,
    `movie=${picture},scale=-2:${h}[obj];`,
    // One frame of picture: overlay repeats it to the end of the scene (eof_action repeat, not shortest).
    `[bg][obj]overlay=x='${p.object === 'crossing' ? crossingX(p.motion) : 'mod(t*W/4,W-w)'}':y='H-h-H/20':enable='${enable}',`,
    `drawtext=fontfile=${FONT}:text='Vigil simulator %{pts\\:hms}':x=24:y=24:fontsize=${fontSize}:fontcolor=white`,
  ].join('');
}

/**
 * The 'crossing' scene's x: in each motion interval [a, b) the object goes at an even pace from just outside the
 * left edge (x = -w) to just outside the right one (x = W), so its middle passes x = W/2 at (a + b) / 2: one
 * left-to-right crossing of a vertical count line per interval, at a time the test knows (decision 0795).
 */
export function crossingX(motion: ReadonlyArray<readonly [number, number]>): string {
  const parts = motion.map(([a, b]) => `between(t,${a},${b})*(-w+(W+w)*(t-${a})/${b - a})`);
  return parts.join('+') || '0';
}

const during = (c: SceneChange): string => `between(t,${c.from},${c.to - 0.001})`;

/** The graph with scene changes: light and noise act on the scene (box included), not on the text overlay. */
function sceneFilterGraph(p: LoopParams, scene: ReadonlyArray<SceneChange>): string {
  const size = `${p.width}x${p.height}`;
  const box = `${Math.round(p.width / 8)}x${Math.round(p.height / 6)}`;
  const enable = p.motion.map(([a, b]) => `between(t,${a},${b - 0.001})`).join('+') || '0';
  const fontSize = Math.max(12, Math.round(p.height / 24));
  const of = (kind: SceneChange['kind']) => scene.filter((c) => c.kind === kind);
  const parts = [
    `color=c=0x3a4a5a:size=${size}:rate=${p.fps}:duration=${p.loopSec},`,
    `drawgrid=w=${Math.round(p.width / 16)}:h=${Math.round(p.height / 9)}:t=2:c=white@0.35,`,
    `noise=alls=5:allf=t[bg];`,
    `color=c=orange:size=${box}:rate=${p.fps}:duration=${p.loopSec}[box];`,
    `[bg][box]overlay=x='mod(t*W/4,W-w)':y='(H-h)/2+(H/4)*sin(t*2)':enable='${enable}':shortest=1[scene];`,
  ];
  let last = 'scene';
  for (const [i, c] of of('spotlight').entries()) {
    // A Gaussian light made small (cheap) and scaled up (smooth), added to the luma only.
    parts.push(
      `color=c=black:size=192x108:rate=${p.fps}:duration=${p.loopSec},format=yuv420p,`,
      `geq=lum='235*exp(-((X-64)*(X-64)+(Y-44)*(Y-44))/(2*30*30))':cb=128:cr=128,`,
      `scale=${p.width}:${p.height}[light${i}];`,
      `[${last}][light${i}]blend=c0_mode=addition:c0_opacity=0.45:c1_opacity=0:c2_opacity=0:`,
      `enable='${during(c)}'[lit${i}];`,
    );
    last = `lit${i}`;
  }
  const chain: string[] = [];
  for (const c of of('lights')) chain.push(`eq=brightness=0.08:contrast=1.2:enable='${during(c)}'`);
  for (const c of of('dim')) {
    const bump = `between(t,${c.from},${c.to})*sin(PI*(t-${c.from})/${c.to - c.from})`;
    chain.push(`eq=brightness='-0.1*${bump}':contrast='1-0.3*${bump}':eval=frame`);
  }
  for (const c of of('noise')) chain.push(`noise=alls=24:allf=t:enable='${during(c)}'`);
  chain.push(
    `drawtext=fontfile=${FONT}:text='Vigil simulator %{pts\\:hms}':x=24:y=24:fontsize=${fontSize}:fontcolor=white`,
  );
  parts.push(`[${last}]${chain.join(',')}`);
  return parts.join('');
}

/** ffmpeg arguments that encode one loop as raw Annex B with an access unit delimiter before every frame
 * (the simulator splits frames on it), no B-frames and a keyframe exactly every gopSec. */
export function preEncodeArgs(p: LoopParams, outPath: string, picture?: string): string[] {
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
    ...QUIET_OVERWRITE,
    '-f',
    'lavfi',
    '-i',
    loopFilterGraph(p, picture),
    '-pix_fmt',
    'yuv420p',
    ...rate,
    ...codec,
    outPath,
  ];
}

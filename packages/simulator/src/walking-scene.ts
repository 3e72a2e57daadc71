import { motionIntervals, type StreamRun } from './motion.ts';

/**
 * The 'walking' scene (decision 0884): people walking across the picture in both directions, at several speeds and
 * sizes, sometimes two at once, at times fixed in the loop. `WALKING_SCHEDULE` is the scene's truth: the people
 * counting bench compares its counts with it, and the filter graph is drawn from it (`walkingFilterGraph`).
 */

export type WalkDirection = 'ltr' | 'rtl';

/** One person crossing the whole picture once, from just outside one edge to just outside the other. */
export interface Walk {
  /** Seconds into the loop when the person's leading edge reaches the picture. */
  start: number;
  /** Seconds the crossing takes, from x = −w to x = W (or back): the speed. */
  duration: number;
  /** 'ltr': left to right (the photograph as it is); 'rtl': right to left (the photograph mirrored, facing left). */
  direction: WalkDirection;
  /** The person's height as a fraction of the picture's: the size. */
  height: number;
  /** Where the person's feet are, as a fraction of the picture's height from the top. */
  feet: number;
}

/** How long the walking scene's loop is, in seconds (whole keyframe intervals of 1 and 2 s). */
export const WALKING_LOOP_SEC = 60;

/**
 * One loop: 8 walks, 4 each way; one fast (4 s across), one slow and small (10 s, a third of the picture high);
 * two at once in opposite directions (36–45 s, one above the other, passing each other) and two at once in the
 * same direction (48–56 s, apart vertically). From 56 s to the next loop's 2 s nobody walks: a loop boundary is
 * quiet time, where the bench reads its counts.
 */
export const WALKING_SCHEDULE: readonly Walk[] = [
  { start: 2, duration: 6, direction: 'ltr', height: 0.6, feet: 0.95 },
  { start: 10, duration: 6, direction: 'rtl', height: 0.6, feet: 0.95 },
  { start: 18, duration: 4, direction: 'rtl', height: 0.45, feet: 0.9 },
  { start: 24, duration: 10, direction: 'rtl', height: 0.35, feet: 0.85 },
  { start: 36, duration: 8, direction: 'ltr', height: 0.5, feet: 0.97 },
  { start: 37, duration: 8, direction: 'rtl', height: 0.4, feet: 0.6 },
  { start: 48, duration: 7, direction: 'ltr', height: 0.45, feet: 0.97 },
  { start: 49, duration: 7, direction: 'ltr', height: 0.3, feet: 0.55 },
];

/** The loop's motion intervals: one per walk (overlapping walks overlap), what the simulator reports as motion. */
export function walkingMotion(schedule: readonly Walk[]): Array<[number, number]> {
  return schedule.map((w) => [w.start, w.start + w.duration]);
}

/** The walk's x (overlay's left edge) at time t, as an ffmpeg expression: an even pace from edge to edge. */
export function walkX(w: Walk): string {
  const progress = `(t-${w.start})/${w.duration}`;
  return w.direction === 'ltr' ? `-w+(W+w)*${progress}` : `W-(W+w)*${progress}`;
}

export interface WalkingPicture {
  width: number;
  height: number;
  fps: number;
  loopSec: number;
}

/**
 * The lavfi graph of the walking scene: the simulator's grid with sensor noise, one overlay of the photograph per
 * walk (mirrored with hflip for right to left, scaled to the walk's height), each enabled during its walk only, and
 * the clock text. `picture` must need no escaping (the simulator's cache path).
 */
export function walkingFilterGraph(
  p: WalkingPicture,
  picture: string,
  schedule: readonly Walk[],
  fontFile: string,
): string {
  if (/['\\:;,[\]]/.test(picture))
    throw new Error(`picture path ${picture} needs escaping in a filter graph`);
  const fontSize = Math.max(12, Math.round(p.height / 24));
  const parts = [
    `color=c=0x3a4a5a:size=${p.width}x${p.height}:rate=${p.fps}:duration=${p.loopSec},`,
    `drawgrid=w=${Math.round(p.width / 16)}:h=${Math.round(p.height / 9)}:t=2:c=white@0.35,`,
    `noise=alls=5:allf=t[s0];`,
  ];
  if (schedule.length)
    parts.push(`movie=${picture},split=${schedule.length}${schedule.map((_, i) => `[m${i}]`).join('')};`);
  schedule.forEach((w, i) => {
    const h = 2 * Math.round((p.height * w.height) / 2);
    const flip = w.direction === 'rtl' ? 'hflip,' : '';
    const y = `${Math.round(p.height * w.feet)}-h`;
    const end = w.start + w.duration;
    parts.push(
      `[m${i}]${flip}scale=-2:${h}[p${i}];`,
      // One picture: overlay repeats it to the scene's end (eof_action repeat).
      `[s${i}][p${i}]overlay=x='${walkX(w)}':y='${y}':enable='between(t,${w.start},${end})'[s${i + 1}];`,
    );
  });
  parts.push(
    `[s${schedule.length}]drawtext=fontfile=${fontFile}:text='Vigil simulator %{pts\\:hms}':x=24:y=24:fontsize=${fontSize}:fontcolor=white`,
  );
  return parts.join('');
}

/** A walk of the schedule at its wall-clock time. */
export interface TimedWalk extends Walk {
  startMs: number;
  endMs: number;
}

/**
 * The walks of a stream's runs (`Simulator.streamRuns`) that lie wholly within [fromMs, toMs), oldest first: the
 * loop restarts with each run of the stream, so walk k is seen at run start + n·loop + its start.
 */
export function walkingTimes(
  runs: readonly StreamRun[],
  fromMs: number,
  toMs: number,
  schedule: readonly Walk[] = WALKING_SCHEDULE,
  loopSec: number = WALKING_LOOP_SEC,
): TimedWalk[] {
  const out: TimedWalk[] = [];
  // motionIntervals clips at the window and the run's ends: only whole walks count.
  for (const w of schedule)
    for (const at of motionIntervals(runs, loopSec, [[w.start, w.start + w.duration]], fromMs, toMs))
      if (at.endMs - at.startMs >= w.duration * 1000 - 1) out.push({ ...w, ...at });
  return out.sort((a, b) => a.startMs - b.startMs);
}

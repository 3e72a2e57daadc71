/**
 * npm run bench -- people [--cameras 2] [--loops 3] [--scene walking|crossing]
 *
 * People counting (decisions 0793, 0794) as the server does it: a real server (`npm run serve`'s supervisor, SQLite,
 * recorder in process) and `--cameras` simulated cameras, each with analytics on, a count line down the middle of
 * the picture (drawn bottom to top: left to right across it is 'in', right to left 'out') and a crossing rule.
 * - `--scene walking` (default; decision 0884): people walking both ways at several speeds and sizes, sometimes two
 *   at once, 8 walks (4 each way) per 60 s loop, at the times of the simulator's `WALKING_SCHEDULE`.
 * - `--scene crossing` (0795): one person crossing left to right per 30 s loop.
 * The truth is the simulator's schedule at the wall-clock times of each camera's stream (`walkingTimes`): each whole
 * walk inside a camera's window is one crossing, 'in' or 'out' by its direction. A camera's window is `--loops` whole
 * loops from a loop start (quiet time in both scenes); counted is the difference of `GET /analytics/counts` across
 * it — read just after its first loop starts, and after the camera is stopped at the window's end and its last
 * pictures are looked at. Figures: walks and counts per direction, count accuracy (1 − Σ|counted − truth| over
 * cameras and directions / Σ truth; the target is ≥ 95 %), what was missed and what was counted beyond the truth
 * (wrong-way or twice), and the CPU of the server process with its ffmpeg children per counting camera (recording
 * included), then one JSON line.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import { type TimedWalk, WALKING_LOOP_SEC, walkingTimes } from '@vigil/simulator';
import { round } from './lib/live-rig.ts';
import { CLK_TCK, childrenOf, procTimes, sleep } from './lib/proc.ts';
import { RIG_CAMERA, startServerRig } from './lib/server-rig.ts';

const { values } = parseArgs({
  options: {
    cameras: { type: 'string', default: '2' },
    loops: { type: 'string', default: '3' },
    scene: { type: 'string', default: 'walking' },
  },
});
const n = Number(values.cameras);
const loops = Number(values.loops);
const walking = values.scene !== 'crossing';
if (!['walking', 'crossing'].includes(values.scene))
  throw new Error(`--scene ${values.scene}: walking or crossing`);
const LOOP_SEC = walking ? WALKING_LOOP_SEC : 30;
/** The crossing scene's one walk a loop, as a schedule (left to right, 4–24 s). */
const CROSSING = [{ start: 4, duration: 20, direction: 'ltr' as const, height: 0.6, feet: 0.95 }];

console.log(`people: ${n} counting cameras, ${values.scene} scene, ${loops} loops of ${LOOP_SEC} s each`);
const dataDir = mkdtempSync(join(tmpdir(), 'vigil-bench-people-'));
const rig = await startServerRig({
  name: 'people',
  cameras: n,
  dataDir,
  camera: walking
    ? { ...RIG_CAMERA, gopSec: 1, object: 'walking', sd: true }
    : { ...RIG_CAMERA, gopSec: 1, loopSec: LOOP_SEC, motion: [[4, 24]], object: 'crossing', sd: true },
});

const call = async (method: 'GET' | 'POST' | 'PUT', path: string, body?: unknown) => {
  const res = await fetch(`${rig.base}${path}`, {
    method,
    headers: {
      authorization: `Bearer ${rig.token}`,
      ...(body ? { 'content-type': 'application/json' } : {}),
    },
    ...(body ? { body: JSON.stringify(body) } : {}),
  });
  if (!res.ok) throw new Error(`${method} ${path}: ${res.status} ${await res.text()}`);
  return res.json() as Promise<Record<string, unknown>>;
};

interface Counts {
  in: number;
  out: number;
}

/** Counts so far per direction, over a window wide enough for the whole run. */
async function totals(uidd: string): Promise<Counts> {
  const now = Date.now();
  const r = (await call(
    'GET',
    `/analytics/counts?uidd=${uidd}&from=${now - 7_200_000}&to=${now + 3_600_000}`,
  )) as {
    counts: { direction: string; count: number }[];
  };
  const sum = (d: string) => r.counts.filter((c) => c.direction === d).reduce((s, c) => s + c.count, 0);
  return { in: sum('in'), out: sum('out') };
}

/** CPU ticks of the server and its children (recording ffmpegs, the recogniser's decodes). */
function ticks(pid: number): number {
  const own = procTimes(pid);
  let sum = (own?.self ?? 0) + (own?.reaped ?? 0);
  for (const c of childrenOf(pid)) sum += procTimes(c)?.self ?? 0;
  return sum;
}

const sleepUntil = (ms: number) => sleep(Math.max(0, ms - Date.now()));

async function countLine(uidd: string): Promise<void> {
  await call('PUT', '/cameras/config/analytics', { uidd, enabled: true });
  // Drawn from the bottom up: left to right across it is 'in' (as people-counting.test.ts).
  const points = [
    [0.5, 0.98],
    [0.5, 0.02],
  ];
  const areas = (
    await call('POST', '/analytics/areas', { uidd, area: { name: 'Door', kind: 'line', points } })
  ).areas as { id: string }[];
  const rule = {
    name: 'Both',
    areaId: areas[0]!.id,
    objectClass: 'person',
    event: 'crossing',
    direction: 'both',
  };
  await call('POST', '/analytics/alerts/rules', { uidd, rule });
}

interface Window {
  fromMs: number;
  toMs: number;
  walks: TimedWalk[];
}

/**
 * Camera i's window: `loops` whole loops from the first loop start at least 3 s away, on the stream the recorder
 * takes its pictures from (the sub stream while it runs, else the main one; decision 0794).
 */
function windowOf(i: number): Window {
  const sd = rig.sim.streamRuns(i, 'sd').filter((r) => r.stoppedAt === undefined);
  const runs = sd.length ? sd : rig.sim.streamRuns(i, 'main').filter((r) => r.stoppedAt === undefined);
  const run = runs.at(-1);
  if (!run) throw new Error(`camera ${i} is not streaming`);
  const loopMs = LOOP_SEC * 1000;
  const k = Math.ceil((Date.now() + 3000 - run.startedAt) / loopMs);
  const fromMs = run.startedAt + k * loopMs;
  const toMs = fromMs + loops * loopMs;
  const walks = walking
    ? walkingTimes([run], fromMs, toMs)
    : walkingTimes([run], fromMs, toMs, CROSSING, LOOP_SEC);
  return { fromMs, toMs, walks };
}

/** Camera i through its window: counts read after its first loop starts and after it stops at the end. */
async function measure(i: number, w: Window): Promise<{ before: Counts; after: Counts }> {
  const uidd = rig.uidds[i]!;
  // Half a second into the loop: the last loop's last crossing is seconds old, the first walk's seconds away.
  await sleepUntil(w.fromMs + 500);
  const before = await totals(uidd);
  await sleepUntil(w.toMs + 500);
  await rig.sim.stopCamera(i);
  // The camera's last pictures looked at: its counts stop changing.
  let after = await totals(uidd);
  for (let settled = 0; settled < 2; ) {
    await sleep(5000);
    const now = await totals(uidd);
    settled = now.in === after.in && now.out === after.out ? settled + 1 : 0;
    after = now;
  }
  return { before, after };
}

try {
  for (const uidd of rig.uidds) await countLine(uidd);
  const windows = rig.uidds.map((_, i) => windowOf(i));
  const pid = rig.pids.at(-1)!;
  const from = Math.min(...windows.map((w) => w.fromMs));
  const to = Math.min(...windows.map((w) => w.toMs));
  const cpu = (async () => {
    await sleepUntil(from);
    const c0 = ticks(pid);
    await sleepUntil(to);
    return (ticks(pid) - c0) / CLK_TCK / ((Date.now() - from) / 1000);
  })();
  const measured = await Promise.all(windows.map((w, i) => measure(i, w)));
  const cores = await cpu;
  const rows = windows.map((w, i) => {
    const { before, after } = measured[i]!;
    return {
      uidd: rig.uidds[i]!,
      truthIn: w.walks.filter((x) => x.direction === 'ltr').length,
      truthOut: w.walks.filter((x) => x.direction === 'rtl').length,
      countedIn: after.in - before.in,
      countedOut: after.out - before.out,
    };
  });
  const sum = (f: (r: (typeof rows)[number]) => number) => rows.reduce((s, r) => s + f(r), 0);
  for (const r of rows)
    console.log(
      `  ${r.uidd}: walked ${r.truthIn} in (left to right) and ${r.truthOut} out; counted ${r.countedIn} in and ${r.countedOut} out`,
    );
  const truth = sum((r) => r.truthIn + r.truthOut);
  const errors = sum((r) => Math.abs(r.countedIn - r.truthIn) + Math.abs(r.countedOut - r.truthOut));
  const result = {
    bench: 'people',
    scene: values.scene,
    cameras: n,
    walks: truth,
    walksIn: sum((r) => r.truthIn),
    walksOut: sum((r) => r.truthOut),
    countedIn: sum((r) => r.countedIn),
    countedOut: sum((r) => r.countedOut),
    missed: sum((r) => Math.max(0, r.truthIn - r.countedIn) + Math.max(0, r.truthOut - r.countedOut)),
    // Beyond the truth in a direction: someone counted the wrong way, or twice.
    extra: sum((r) => Math.max(0, r.countedIn - r.truthIn) + Math.max(0, r.countedOut - r.truthOut)),
    accuracy: round(Math.max(0, 1 - errors / truth), 3),
    targetAccuracy: 0.95,
    coresPerCamera: round(cores / n, 3),
    // The machine's load at the end (1 min average): the recogniser runs at nice 19 and yields to everything else.
    loadAverage: round(loadavg()[0]!, 1),
  };
  console.log(
    `walks: ${result.walksIn} in, ${result.walksOut} out; counted ${result.countedIn} in, ${result.countedOut} out; ` +
      `${result.missed} missed, ${result.extra} beyond the truth (wrong way or twice)`,
  );
  console.log(
    `count accuracy ${round(result.accuracy * 100, 1)} % over ${truth} walks (target 95 %); ${result.coresPerCamera} cores per counting camera (recording included); load average ${result.loadAverage}`,
  );
  console.log(JSON.stringify(result));
} finally {
  await rig.stop();
  rmSync(dataDir, { recursive: true, force: true });
}

/**
 * npm run bench -- people [--cameras 2] [--walks 6]
 *
 * People counting (decisions 0793, 0794) as the server does it: a real server (`npm run serve`'s supervisor, SQLite,
 * recorder in process) and `--cameras` simulated cameras showing the crossing scene (0795: a photograph of a person
 * crossing the whole picture left to right once per motion interval, one interval a 30 s loop), each with analytics
 * on, a count line down the middle and a crossing rule. The truth is the simulator's own schedule of walks
 * (`motionIntervals`): each whole walk inside the measured window is one crossing 'in'. Counted: the difference of
 * `GET /analytics/counts` across the window (read between walks, once the last one's counts are written). Figures:
 * count accuracy (1 − |counted − walks| summed over cameras / walks; the target is ≥ 95 %), crossings counted the
 * wrong way, and the CPU of the server process with its ffmpeg children per counting camera (recording included).
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import { round } from './lib/live-rig.ts';
import { CLK_TCK, childrenOf, procTimes, sleep } from './lib/proc.ts';
import { RIG_CAMERA, startServerRig } from './lib/server-rig.ts';

const { values } = parseArgs({
  options: { cameras: { type: 'string', default: '2' }, walks: { type: 'string', default: '6' } },
});
const n = Number(values.cameras);
const walks = Number(values.walks);
const LOOP_SEC = 30;

console.log(`people: ${n} counting cameras, ${walks} walks each (one a ${LOOP_SEC} s loop)`);
const dataDir = mkdtempSync(join(tmpdir(), 'vigil-bench-people-'));
const rig = await startServerRig({
  name: 'people',
  cameras: n,
  dataDir,
  camera: { ...RIG_CAMERA, gopSec: 1, loopSec: LOOP_SEC, motion: [[4, 24]], object: 'crossing', sd: true },
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

/** Counts so far per camera and direction, over a window wide enough for the whole run. */
async function totals(uidd: string): Promise<{ in: number; out: number }> {
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

try {
  for (const uidd of rig.uidds) {
    await call('PUT', '/cameras/config/analytics', { uidd, enabled: true });
    // Drawn from the bottom up: left to right across it is 'in' (as people-counting.test.ts).
    const area = {
      name: 'Door',
      kind: 'line',
      points: [
        [0.5, 0.98],
        [0.5, 0.02],
      ],
    };
    const areas = (await call('POST', '/analytics/areas', { uidd, area })).areas as { id: string }[];
    const rule = {
      name: 'In',
      areaId: areas[0]!.id,
      objectClass: 'person',
      event: 'crossing',
      direction: 'in',
    };
    await call('POST', '/analytics/alerts/rules', { uidd, rule });
  }
  // The window: from just before a walk (the loops run from each camera's first client, so each has its own
  // schedule) to after the last whole walk of every camera, plus its quiet time.
  const now = Date.now();
  const schedule = rig.uidds.map((_, i) =>
    rig.sim
      .motionIntervals(i, now, now + (walks + 2) * LOOP_SEC * 1000)
      .filter((w) => w.startMs >= now + 3000),
  );
  const from = Math.min(...schedule.map((s) => s[0]!.startMs)) - 1000;
  await sleepUntil(from);
  const before = await Promise.all(rig.uidds.map(totals));
  const pid = rig.pids.at(-1)!;
  const cpu0 = ticks(pid);
  const t0 = Date.now();
  // Whole walks of each camera that start after `from` and end before the window closes.
  const windowEnd = from + walks * LOOP_SEC * 1000;
  const expected = schedule.map((s) => s.filter((w) => w.startMs >= from && w.endMs <= windowEnd).length);
  await sleepUntil(windowEnd);
  const cpu1 = ticks(pid);
  const seconds = (Date.now() - t0) / 1000;
  // The last walk's event ends after its quiet time and its last picture is looked at: then read (before the next
  // walk of any camera starts, so nothing of it is counted).
  await sleep(8000);
  const after = await Promise.all(rig.uidds.map(totals));
  const rows = rig.uidds.map((uidd, i) => ({
    uidd,
    walks: expected[i]!,
    countedIn: after[i]!.in - before[i]!.in,
    countedOut: after[i]!.out - before[i]!.out,
  }));
  for (const r of rows)
    console.log(`  ${r.uidd}: ${r.walks} walks, counted ${r.countedIn} in and ${r.countedOut} out`);
  const total = rows.reduce((s, r) => s + r.walks, 0);
  const errors = rows.reduce((s, r) => s + Math.abs(r.countedIn - r.walks) + r.countedOut, 0);
  const result = {
    bench: 'people',
    cameras: n,
    walks: total,
    countedIn: rows.reduce((s, r) => s + r.countedIn, 0),
    countedOut: rows.reduce((s, r) => s + r.countedOut, 0),
    accuracy: round(Math.max(0, 1 - errors / total), 3),
    targetAccuracy: 0.95,
    coresPerCamera: round((cpu1 - cpu0) / CLK_TCK / seconds / n, 3),
  };
  console.log(
    `count accuracy ${result.accuracy * 100} % over ${total} walks (target 95 %); ${result.coresPerCamera} cores per counting camera (recording included)`,
  );
  console.log(JSON.stringify(result));
} finally {
  await rig.stop();
  rmSync(dataDir, { recursive: true, force: true });
}

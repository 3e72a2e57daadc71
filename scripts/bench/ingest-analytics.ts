/**
 * npm run bench -- ingest-analytics [--busy 4] [--seconds 60] [--settle 30] [--rounds 2]
 *
 * Whether the analytics add-ons stay off the ingest path (issue 20): the figures of recording and live, measured
 * on one server (as `npm start` runs it: recorder in process) with analytics off and on, alternately (`--rounds`
 * pairs: the machine's other load drifts alike over both).
 * One clock camera is watched live in Chromium (glass-to-glass latency, as `live-latency` measures it); `--busy`
 * more cameras show a person walking across the picture twice a 20 s loop (the simulator's crossing scene), so
 * motion events keep coming. For the second run those cameras get what the add-ons do: recognition labels of each
 * event's stills, the plate reader on each ended event's keyframes (the LPR add-on), and people counting on a count
 * line with a crossing rule (live keyframes while motion lasts). Figures per run: live latency p50 and p90, the
 * recorded share of the run's time of every camera and its outages (`GET /sessions`), the events seen and those
 * labelled (proof the analytics ran), and the CPU of the server process (its threads: the analytics' workers are
 * among them) and of its ffmpeg children, in cores. The ratio of latency p50 on/off is the headline.
 */
import { parseArgs } from 'node:util';
import { type SimCameraOptions, startSimulator } from '@vigil/simulator';
import { sampleClockLatencies } from './lib/clock-latency.ts';
import { type LiveRig, percentile, round, startLiveRig } from './lib/live-rig.ts';
import { CLK_TCK, childrenOf, procTimes, sleep } from './lib/proc.ts';

const { values } = parseArgs({
  options: {
    busy: { type: 'string', default: '4' },
    seconds: { type: 'string', default: '60' },
    settle: { type: 'string', default: '30' },
    rounds: { type: 'string', default: '2' },
  },
});
const busyCount = Number(values.busy);
const runMs = Number(values.seconds) * 1000;
const settleMs = Number(values.settle) * 1000;
const rounds = Number(values.rounds);
/** The busy cameras: cheap, like the demo's, with a person crossing the picture in two walks of each 20 s loop. */
const BUSY: SimCameraOptions = {
  resolution: '720p',
  fps: 10,
  gopSec: 2,
  kbps: 500,
  loopSec: 20,
  motion: [
    [1, 8],
    [11, 18],
  ],
  object: 'crossing',
};

console.log(
  `ingest-analytics: 1 clock camera watched live + ${busyCount} busy cameras; ${runMs / 1000} s a run, analytics off then on`,
);
const rig = await startLiveRig({ resolution: '720p', fps: 15, gopSec: 2, clock: true }, [19200, 19219]);
const busySim = await startSimulator({
  cameras: Array.from({ length: busyCount }, () => BUSY),
  portRange: [19220, 19259],
}).catch(async (err: unknown) => {
  await rig.stop();
  throw err;
});

/** Busy cameras whose count line is drawn (once: areas stay when analytics go off). */
const areasMade = new Set<string>();

interface Run {
  frames: number;
  p50Ms: number;
  p90Ms: number;
  undecoded: number;
  /** Recorded seconds over the run's seconds, lowest of all cameras, and outages summed over cameras. */
  recordedShareMin: number;
  outages: number;
  events: number;
  labelledEvents: number;
  serverCores: number;
  ffmpegCores: number;
}

try {
  const busy: string[] = [];
  for (const [i, cam] of busySim.cameras.entries())
    busy.push(
      (await rig.call('POST', '/cameras', { url: cam.urls.main, name: `Busy ${i + 1}` })).uidd as string,
    );
  await online(rig, busy);
  await rig.page.goto(`/cameras/${rig.uidd}`);
  await rig.page.waitForFunction(
    (uidd) => performance.getEntriesByName(`vigil:firstframe:${uidd}`).length > 0,
    rig.uidd,
    { timeout: 30_000 },
  );
  const runs: { off: Run[]; on: Run[] } = { off: [], on: [] };
  for (let i = 0; i < rounds; i++)
    for (const mode of ['off', 'on'] as const) {
      for (const uidd of busy) await analyse(rig, uidd, mode === 'on');
      await sleep(settleMs);
      const run = await measure(rig, busy);
      report(`analytics ${mode}`, run);
      runs[mode].push(run);
    }
  const off = summary(runs.off);
  const on = summary(runs.on);
  const result = {
    bench: 'ingest-analytics',
    busyCameras: busyCount,
    off,
    on,
    latencyP50Ratio: round(on.p50Ms / off.p50Ms, 2),
    latencyP90Ratio: round(on.p90Ms / off.p90Ms, 2),
  };
  console.log(
    `live latency p50 on/off ${result.latencyP50Ratio}, p90 ${result.latencyP90Ratio}; recorded share ${off.recordedShareMin} → ${on.recordedShareMin}`,
  );
  console.log(JSON.stringify(result));
} finally {
  await rig.stop();
  await busySim.stop();
}

function report(name: string, r: Run): void {
  console.log(
    `  ${name}: live p50 ${r.p50Ms} ms over ${r.frames} frames, p90 ${r.p90Ms} ms; recorded ≥ ${round(r.recordedShareMin * 100, 1)} % of the run, ` +
      `${r.outages} outages; ${r.events} events, ${r.labelledEvents} labelled; CPU server ${r.serverCores} cores, ffmpeg ${r.ffmpegCores}`,
  );
}

async function online(r: LiveRig, uidds: string[]): Promise<void> {
  for (let i = 0; ; i++) {
    const q = uidds.map((u) => `uidd[]=${u}`).join('&');
    const json = (await r.call('GET', `/cameras/status?${q}`)) as {
      result: { devices: Array<{ status: string }> };
    };
    if (json.result.devices.filter((d) => d.status === 'online').length === uidds.length) return;
    if (i > 600) throw new Error('the busy cameras did not come online');
    await sleep(100);
  }
}

/** Runs of one mode as one: medians of the latencies and CPU, the worst recorded share, outages and events summed. */
function summary(list: Run[]): Run {
  const med = (f: (r: Run) => number) => round(percentile(list.map(f), 50), 2);
  const sum = (f: (r: Run) => number) => list.reduce((n, r) => n + f(r), 0);
  return {
    frames: sum((r) => r.frames),
    p50Ms: med((r) => r.p50Ms),
    p90Ms: med((r) => r.p90Ms),
    undecoded: sum((r) => r.undecoded),
    recordedShareMin: Math.min(...list.map((r) => r.recordedShareMin)),
    outages: sum((r) => r.outages),
    events: sum((r) => r.events),
    labelledEvents: sum((r) => r.labelledEvents),
    serverCores: med((r) => r.serverCores),
    ffmpegCores: med((r) => r.ffmpegCores),
  };
}

/** What the add-ons do to a camera (on) or none of it (off): labels, the plate reader, a count line with its rule. */
async function analyse(r: LiveRig, uidd: string, on: boolean): Promise<void> {
  await r.call('PUT', '/cameras/config/analytics', { uidd, enabled: on });
  await r.call('PUT', `/camera/${uidd.replace('.', '/')}/config/lpr`, { enabled: on });
  if (!on || areasMade.has(uidd)) return;
  areasMade.add(uidd);
  const area = {
    name: 'Door',
    kind: 'line',
    points: [
      [0.5, 0.98],
      [0.5, 0.02],
    ],
  };
  const areas = (await r.call('POST', '/analytics/areas', { uidd, area })).areas as { id: string }[];
  const rule = {
    name: 'In',
    areaId: areas[0]!.id,
    objectClass: 'person',
    event: 'crossing',
    direction: 'in',
  };
  await r.call('POST', '/analytics/alerts/rules', { uidd, rule });
}

/** CPU ticks of the server process and of its ffmpeg children (those alive, and those reaped). */
function ticks(pid: number): { server: number; children: Map<number, number>; reaped: number } {
  const own = procTimes(pid);
  const children = new Map<number, number>();
  for (const c of childrenOf(pid)) {
    const t = procTimes(c);
    if (t) children.set(c, t.self);
  }
  return { server: own?.self ?? 0, children, reaped: own?.reaped ?? 0 };
}

async function measure(r: LiveRig, busy: string[]): Promise<Run> {
  const from = Date.now();
  const before = ticks(r.pid);
  const sampled = await sampleClockLatencies(r.page, '[data-testid="live-video"]', Number.POSITIVE_INFINITY, {
    untilMs: from + runMs,
  });
  const after = ticks(r.pid);
  const to = Date.now();
  const seconds = (to - from) / 1000;
  let childTicks = after.reaped - before.reaped;
  for (const [pid, t] of after.children) childTicks += t - (before.children.get(pid) ?? 0);
  // The run's last segments are indexed when they close, its last events labelled when read: look once they are.
  await sleep(15_000);
  const all = [r.uidd, ...busy];
  const sessions = (await r.call(
    'GET',
    `/sessions?uidd=${all.join(',')}&startAfter=${from}&startBefore=${to}`,
  )) as {
    cameras: { uidd: string; sessions: [number, number][] }[];
  };
  const shares = sessions.cameras.map(
    (c) => c.sessions.reduce((n, [a, b]) => n + (Math.min(b, to) - Math.max(a, from)), 0) / (to - from),
  );
  const events = (await r.call(
    'GET',
    `/events?uidd=${busy.join(',')}&startt=${from}&endt=${to}&removeLimit=true`,
  )) as unknown as { labels?: string[] }[];
  return {
    frames: sampled.latencies.length,
    p50Ms: round(percentile(sampled.latencies, 50)),
    p90Ms: round(percentile(sampled.latencies, 90)),
    undecoded: sampled.undecoded,
    recordedShareMin: round(Math.min(...shares, shares.length === all.length ? 1 : 0), 3),
    outages: sessions.cameras.reduce((n, c) => n + Math.max(0, c.sessions.length - 1), 0),
    events: events.length,
    labelledEvents: events.filter((e) => (e.labels ?? []).length > 0).length,
    serverCores: round((after.server - before.server) / CLK_TCK / seconds, 2),
    ffmpegCores: round(childTicks / CLK_TCK / seconds, 2),
  };
}

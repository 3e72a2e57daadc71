/**
 * npm run bench -- fleet [--steps 16,24,32,40] [--seconds 20] [--motion-every 20 | --quiet] [--leases 1000] [--managers 3] [--ttl 10]
 *   [--capacity 500] [--stagger 0,1000] [--nats-servers 2] [--nats-messages 2000] [--nats-rate 500] [--skip cpu,leases,nats]
 *
 * The scale-out figures of issue 15 (decision 0609), each phase on its own fresh PostgreSQL database:
 * 1. cameras per recorder process at ≤ 50 % of one core: a ROLE=recorder `main.ts` recording N simulated cameras,
 *    N stepped up (--steps); CPU of the process and its ffmpeg children from /proc (lib/fleet-cpu.ts);
 * 2. assignment time of --leases cameras to --managers in-process lease managers with a holder that records
 *    nothing, and failover time when one stops renewing (lib/fleet-leases.ts);
 * 3. NATS: the nats-bus bench run as it is (recorder → server processes over JetStream), its rate and p99.
 * Ports: the recorder --port (19800), the simulator --sim-ports (19900-19949). Bigger runs: e.g.
 * `--steps 8,16,32,64,96 --sim-cameras 24 --leases 10000 --managers 10`.
 */
import { spawn } from 'node:child_process';
import { cpus, loadavg } from 'node:os';
import { createInterface } from 'node:readline';
import { parseArgs } from 'node:util';
import type { SimCameraOptions } from '@vigil/simulator';
import { type CpuStep, measureRecorderCpu } from './lib/fleet-cpu.ts';
import { freshFleetDb } from './lib/fleet-db.ts';
import { type LeaseFigures, measureLeases } from './lib/fleet-leases.ts';

const { values } = parseArgs({
  options: {
    steps: { type: 'string', default: '16,24,32,40' },
    limit: { type: 'string', default: '50' },
    seconds: { type: 'string', default: '20' },
    settle: { type: 'string', default: '3' },
    'sim-cameras': { type: 'string', default: '16' },
    resolution: { type: 'string', default: '720p' },
    fps: { type: 'string', default: '15' },
    kbps: { type: 'string', default: '2000' },
    'motion-every': { type: 'string', default: '20' },
    quiet: { type: 'boolean', default: false },
    port: { type: 'string', default: '19800' },
    'sim-ports': { type: 'string', default: '19900-19949' },
    leases: { type: 'string', default: '1000' },
    managers: { type: 'string', default: '3' },
    ttl: { type: 'string', default: '10' },
    capacity: { type: 'string', default: '500' },
    stagger: { type: 'string', default: '0,1000' },
    'nats-servers': { type: 'string', default: '2' },
    'nats-messages': { type: 'string', default: '2000' },
    'nats-rate': { type: 'string', default: '500' },
    skip: { type: 'string', default: '' },
  },
});
const skip = new Set(values.skip.split(',').filter(Boolean));
const num = (k: keyof typeof values): number => Number(values[k]);
const r2 = (x: number): number => Math.round(x * 100) / 100;
const started = Date.now();
console.log(`fleet: ${cpus().length} cores, load ${loadavg().map(r2).join(' ')}`);

const out: Record<string, unknown> = { bench: 'fleet', machineCores: cpus().length };

if (!skip.has('cpu')) {
  const steps = values.steps.split(',').map(Number);
  const limitPct = num('limit');
  const loopSec = num('motion-every');
  const at = loopSec >= 30 ? 20 : 5;
  const camera = {
    resolution: values.resolution as '720p' | '1080p',
    fps: num('fps'),
    gopSec: 2,
    kbps: num('kbps'),
    // A 7 s motion (an event) once a loop, 20 s by default (a busy camera, three events a minute): with the window
    // as long as the loop, each camera's event falls in it once whatever the phase.
    loopSec,
    motion: values.quiet ? [] : [[at, at + 7]],
  } satisfies SimCameraOptions;
  console.log(
    `recorder CPU: a ROLE=recorder process, ${camera.resolution} ${camera.fps} fps ${camera.kbps} kbit/s cameras ` +
      `(${values.quiet ? 'still scenes' : `motion 7 s of every ${camera.loopSec} s`}), steps ${steps.join(', ')}; ` +
      `${values.settle} s settled, ${values.seconds} s measured each`,
  );
  const fleet = await freshFleetDb();
  try {
    const [from, to] = values['sim-ports'].split('-').map(Number) as [number, number];
    const cpu = await measureRecorderCpu(fleet, {
      steps,
      limitPct,
      seconds: num('seconds'),
      settleSec: num('settle'),
      port: num('port'),
      simPorts: [from, to],
      simCameras: Math.min(num('sim-cameras'), Math.max(...steps)),
      camera,
      ttlSec: num('ttl'),
    });
    // A step counts when the recorder kept up: every camera recording, and segments (one per ~4 s a camera) at
    // 80 % of the rate at least. A machine too loaded starves the recorder, which then also uses less CPU.
    const keptUp = (s: CpuStep) => s.recording === s.cameras && s.segmentsPerSec * 4 >= 0.8 * s.cameras;
    for (const s of cpu.steps.filter((x) => !keptUp(x)))
      console.log(
        `  ${s.cameras} cameras: the recorder did not keep up (${s.segmentsPerSec} segments/s), not counted`,
      );
    const under = cpu.steps.filter((s) => s.cpuPct <= limitPct && keptUp(s));
    const largest = under.at(-1);
    // The per-camera cost of the largest step measured carries the fixed costs over the most cameras.
    const perCamera = largest?.perCameraPct ?? cpu.steps[0]?.perCameraPct ?? Number.NaN;
    const projected = Math.floor(limitPct / perCamera);
    console.log(
      `  largest N measured under ${limitPct} %: ${largest?.cameras ?? 'none'}; at ${perCamera} % a camera, ` +
        `${projected} cameras would fill ${limitPct} % (projected), ${Math.floor(100 / perCamera)} a core; ` +
        `a row with its indexes: segment ~${cpu.segmentRowBytes} bytes, event ~${cpu.eventRowBytes} bytes`,
    );
    Object.assign(out, {
      camera,
      limitPct,
      cpuSteps: cpu.steps,
      camerasUnderLimitMeasured: largest?.cameras ?? 0,
      cpuPctPerCamera: perCamera,
      camerasUnderLimitProjected: projected,
      camerasPerCore: Math.floor(100 / perCamera),
      segmentRowBytes: cpu.segmentRowBytes,
      eventRowBytes: cpu.eventRowBytes,
    });
  } finally {
    await fleet.destroy();
  }
}

if (!skip.has('leases')) {
  // Started together, then one after another: each on a fresh database; the failover after the last.
  const staggers = values.stagger.split(',').map(Number);
  const runs: LeaseFigures[] = [];
  for (const [i, staggerMs] of staggers.entries()) {
    const o = {
      cameras: num('leases'),
      managers: num('managers'),
      ttlMs: num('ttl') * 1000,
      capacity: num('capacity'),
      staggerMs,
      failover: i === staggers.length - 1,
    };
    console.log(
      `leases: ${o.cameras} cameras, ${o.managers} lease managers (no-op holders), lease ${o.ttlMs / 1000} s, ` +
        `capacity ${o.capacity}, started ${staggerMs} ms apart`,
    );
    const fleet = await freshFleetDb();
    try {
      runs.push(printLeases(await measureLeases(fleet, o)));
    } finally {
      await fleet.destroy();
    }
  }
  out.leases = runs;
}

if (!skip.has('nats')) out.nats = await natsBus();

out.totalSec = r2((Date.now() - started) / 1000);
console.log(JSON.stringify(out));

function printLeases(l: LeaseFigures): LeaseFigures {
  const split = (s: Record<string, number>) =>
    Object.entries(s)
      .map(([k, v]) => `${k} ${v}`)
      .join(', ');
  console.log(`  every camera leased in ${l.allLeasedMs / 1000} s (${split(l.splitAtAllLeased)})`);
  const balanced = l.balancedMs === undefined ? '(not reached)' : `${l.balancedMs / 1000} s`;
  console.log(`  balanced (none above its share) in ${balanced} (${split(l.splitBalanced)})`);
  const f = l.failover;
  if (f)
    console.log(
      `  failover: ${f.moved} cameras held by the others ${f.fromHaltMs / 1000} s after the halt, ` +
        `${f.fromLastRenewalMs / 1000} s after its last renewal (${split(f.split)})`,
    );
  return l;
}

/** Runs the nats-bus bench as its own process (it spawns its server processes itself) and reads its JSON line. */
async function natsBus(): Promise<unknown> {
  const args = [
    'scripts/bench/nats-bus.ts',
    '--servers',
    values['nats-servers'],
    '--messages',
    values['nats-messages'],
    '--rate',
    values['nats-rate'],
  ];
  const child = spawn(process.execPath, args, { stdio: ['ignore', 'pipe', 'inherit'] });
  let last: string | undefined;
  for await (const line of createInterface({ input: child.stdout })) {
    if (line.startsWith('{')) last = line;
    else console.log(line);
  }
  const code = await new Promise<number | null>((r) =>
    child.exitCode !== null ? r(child.exitCode) : child.once('exit', r),
  );
  if (code !== 0 || !last) throw new Error(`nats-bus exited ${code}`);
  type Phase = { p50: number; p99: number; perSec: number };
  const r = JSON.parse(last) as { paced: Phase[]; burst: Phase[]; burstAllMs: number; messages: number };
  const figures = {
    servers: r.paced.length,
    messages: r.messages,
    pacedRate: num('nats-rate'),
    alertP99Ms: Math.max(...r.paced.map((p) => p.p99)),
    alertP50Ms: Math.max(...r.paced.map((p) => p.p50)),
    burstMsgPerSecPerServer: Math.min(...r.burst.map((p) => p.perSec)),
    burstAllMs: r.burstAllMs,
  };
  console.log(
    `  NATS: alert p99 ${figures.alertP99Ms} ms across ${figures.servers} server processes at ${figures.pacedRate}/s; ` +
      `burst ${figures.burstMsgPerSecPerServer} msg/s received by each`,
  );
  return figures;
}

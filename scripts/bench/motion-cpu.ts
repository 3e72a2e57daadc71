/**
 * npm run bench -- motion-cpu [--cameras 2] [--resolution 1080p] [--fps 15] [--gop 2] [--seconds 60] [--warmup 15]
 *                              [--motion-every 60] [--motion-at 20] [--no-daemon]
 *
 * CPU of motion detection per camera, all measured in the same window on the same simulated streams (5 s of
 * scripted motion every --motion-every seconds: one event a minute by default, a busy camera), so the machine's
 * other load affects each alike. After the warm-up the window waits for a camera's first event and starts halfway
 * to the next, so it holds one event a camera and shows a camera with an event a minute as it runs for hours (its
 * event decoder, decision 0557, already started). --motion-at: the motion's
 * start in the loop, 20 s by default: exactly on a keyframe, the start refinement's worst case (it decodes the whole
 * GOP before); 21 s is mid-GOP, its average over starts at any moment. Measured:
 *   - recorder recording with motion detection (its Node process, ingest ffmpeg, motion decoder, and the short
 *     jobs it ran: start refinement, event pictures) — the target: ≤ 2 % of a core per 1080p15 camera;
 *   - the same with the camera's SD substream (640×360) analysed instead (motionStream 'auto');
 *   - the same recorder recording without motion (the difference is what detection costs);
 *   - ffmpeg pulling RTSP itself and decoding keyframes only (-skip_frame nokey), the alternative to feeding the
 *     decoder the recorder's fragments (decode only, no analysis);
 *   - Debian's `motion` daemon (4.5, when installed) on the same streams at the same size and frame rate, with a
 *     threshold of 0.66 % of the picture (our default sensitivity's minimum area) and no output files.
 */
import { type ChildProcess, spawn } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { cpus, tmpdir } from 'node:os';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import { analysisSize, motionDecodeArgs } from '@vigil/recorder/testing';
import { startSimulator } from '@vigil/simulator';
import { CLK_TCK, childrenOf, procTimes, sleep } from './lib/proc.ts';
import { type RecorderChild, spawnRecorder } from './lib/recorder-child.ts';

const { values } = parseArgs({
  options: {
    cameras: { type: 'string', default: '2' },
    resolution: { type: 'string', default: '1080p' },
    fps: { type: 'string', default: '15' },
    gop: { type: 'string', default: '2' },
    seconds: { type: 'string', default: '60' },
    warmup: { type: 'string', default: '15' },
    'motion-every': { type: 'string', default: '60' },
    'motion-at': { type: 'string', default: '20' },
    'no-daemon': { type: 'boolean', default: false },
  },
});
const n = Number(values.cameras);
const fps = Number(values.fps);
const resolution = values.resolution as '720p' | '1080p';
const [W, H] = resolution === '1080p' ? [1920, 1080] : [1280, 720];
const seconds = Number(values.seconds);
const MOTION_DAEMON = '/usr/bin/motion';
const daemon = !values['no-daemon'] && existsSync(MOTION_DAEMON);

console.log(
  `motion-cpu: ${n} cameras ${resolution} ${fps} fps, keyframe every ${values.gop} s; ${values.warmup} s warm-up, ${seconds} s measured; motion daemon: ${daemon ? 'yes' : 'not installed'}`,
);
const sim = await startSimulator({
  cameras: n,
  defaults: {
    resolution,
    fps,
    gopSec: Number(values.gop),
    sd: true,
    loopSec: Number(values['motion-every']),
    motion: [[Number(values['motion-at']), Number(values['motion-at']) + 5]],
  },
});
const tmp = mkdtempSync(join(tmpdir(), 'vigil-bench-motion-cpu-'));
const camerasOf = (prefix: string, sd = false) =>
  sim.cameras.map((c) => ({
    uidd: `${prefix}.cam${c.index}`,
    main: c.urls.main,
    ...(sd ? { sd: c.urls.sd } : {}),
  }));
const options = { stillIntervalMs: 0, retentionIntervalMs: 0, motionStream: 'main' };
for (const d of ['with', 'sd', 'without']) mkdirSync(join(tmp, d));
const withMotion = await spawnRecorder({
  dataDir: join(tmp, 'with'),
  cameras: camerasOf('with'),
  options,
  motion: true,
});
const withSd = await spawnRecorder({
  dataDir: join(tmp, 'sd'),
  cameras: camerasOf('sd', true),
  options: { ...options, motionStream: 'auto' },
  motion: true,
});
const without = await spawnRecorder({
  dataDir: join(tmp, 'without'),
  cameras: camerasOf('without'),
  options,
});
const pulls: ChildProcess[] = sim.cameras.map((c) =>
  spawn(
    'ffmpeg',
    motionDecodeArgs({
      input: { kind: 'rtsp', url: c.urls.main, timeoutMs: 5000 },
      size: analysisSize(W, H),
      keyframesOnly: true,
    }),
    {
      stdio: ['ignore', 'ignore', 'ignore'],
    },
  ),
);

let motionProc: ChildProcess | undefined;
const daemonLog = join(tmp, 'motion.log');
if (daemon) {
  const threshold = Math.round(W * H * 0.0066);
  const cams = sim.cameras.map((c) => {
    const file = join(tmp, `camera${c.index}.conf`);
    writeFileSync(
      file,
      [
        `camera_id ${c.index + 1}`,
        `camera_name cam${c.index}`,
        `netcam_url ${c.urls.main}`,
        'netcam_params rtsp_transport=tcp',
      ].join('\n'),
    );
    return `camera ${file}`;
  });
  const conf = join(tmp, 'motion.conf');
  writeFileSync(
    conf,
    [
      'daemon off',
      'setup_mode off',
      `log_file ${daemonLog}`,
      'log_level 6',
      `target_dir ${tmp}`,
      `width ${W}`,
      `height ${H}`,
      `framerate ${fps}`,
      `threshold ${threshold}`,
      'noise_tune on',
      'event_gap 3',
      'picture_output off',
      'movie_output off',
      'webcontrol_port 0',
      'stream_port 0',
      ...cams,
    ].join('\n'),
  );
  motionProc = spawn(MOTION_DAEMON, ['-n', '-c', conf], { stdio: 'ignore' });
}

await sleep(Number(values.warmup) * 1000);
// Then, once each camera has had an event, to halfway before the next: the window holds one event a camera.
const loopMs = Number(values['motion-every']) * 1000;
await Promise.all(
  sim.cameras.map((c) =>
    withMotion.waitFor((e) => e.type === 'motion-start' && e.uidd === `with.cam${c.index}`, 3 * loopMs),
  ),
);
const next = sim.motionIntervals(0, Date.now(), Date.now() + 2 * loopMs)[0];
if (next) await sleep(Math.max(0, next.startMs - loopMs / 2 - Date.now()));

interface Sample {
  at: number;
  ticks: Map<string, number>;
}
/** CPU ticks of a recorder: its process, its live children, and the children it reaped (short jobs). */
const recorderTicks = (r: RecorderChild, key: string, into: Map<string, number>) => {
  const pid = r.child.pid!;
  const t = procTimes(pid);
  if (!t) return;
  into.set(`${key}:node`, t.self);
  into.set(`${key}:reaped`, t.reaped);
  for (const c of childrenOf(pid)) {
    // The motion decoder writes rawvideo; the ingest writes mp4.
    // The event decoder (refinements and pictures) also writes JPEGs, the motion decoder only rawvideo; the ingest
    // writes mp4.
    const cmdline = readFileSync(`/proc/${c}/cmdline`, 'utf8');
    const kind = cmdline.includes('mjpeg') ? 'events' : cmdline.includes('rawvideo') ? 'decoder' : 'ingest';
    into.set(`${key}:${kind}:${c}`, procTimes(c)?.self ?? 0);
  }
};
const sample = (): Sample => {
  const ticks = new Map<string, number>();
  recorderTicks(withMotion, 'with', ticks);
  recorderTicks(withSd, 'sd', ticks);
  recorderTicks(without, 'without', ticks);
  for (const p of pulls) ticks.set(`pull:${p.pid}`, procTimes(p.pid!)?.self ?? 0);
  if (motionProc?.pid) ticks.set('daemon', procTimes(motionProc.pid)?.self ?? 0);
  return { at: performance.now(), ticks };
};
const eventsBefore = withMotion.events.filter((e) => e.type === 'motion-start').length;
const s0 = sample();
await sleep(seconds * 1000);
const s1 = sample();
const eventsAfter = withMotion.events.filter((e) => e.type === 'motion-start').length;
const wall = (s1.at - s0.at) / 1000;
/** % of one core, summed over keys with the prefix; a process started within the window counts from 0 (the
 * event decoder starts at a camera's first event). */
const pct = (prefix: string): number => {
  let ticks = 0;
  for (const [k, v] of s1.ticks) if (k.startsWith(prefix)) ticks += v - (s0.ticks.get(k) ?? 0);
  return (100 * ticks) / CLK_TCK / wall;
};
const withPct = pct('with:');
const withoutPct = pct('without:');
const sdPct = pct('sd:');
const pullPct = pct('pull:');
const daemonPct = daemon ? pct('daemon') : undefined;
const refineAndPictures = pct('with:reaped') + pct('with:events');
const decoderPct = pct('with:decoder');
const nodeWith = pct('with:node');
const nodeWithout = pct('without:node');

const stats: Record<string, number> = { fed: 0, decoded: 0, dropped: 0, eventStarts: 0, eventJobs: 0 };
await Promise.all([withMotion.stop(), withSd.stop(), without.stop()]);
for (const e of withMotion.events.filter((x) => x.type === 'motion-stats'))
  for (const k of Object.keys(stats)) stats[k] = (stats[k] ?? 0) + (e[k] ?? 0);
for (const p of pulls) p.kill('SIGTERM');
motionProc?.kill('SIGTERM');
await sleep(500);
const daemonEvents =
  daemon && existsSync(daemonLog)
    ? (readFileSync(daemonLog, 'utf8').match(/Motion detected - starting event/g) ?? []).length
    : undefined;
await sim.stop();
rmSync(tmp, { recursive: true, force: true, maxRetries: 3 });

const r2 = (x: number) => Math.round(x * 100) / 100;
const per = (x: number) => r2(x / n);
const detection = (withPct - withoutPct) / n;
console.log(
  `  recorder with motion ${per(withPct)} % per camera: decoder ffmpeg ${per(decoderPct)} %, Node ${per(nodeWith)} % (${per(nodeWithout)} % without motion), refinement and pictures ${per(refineAndPictures)} % for ${eventsAfter - eventsBefore} events`,
);
console.log(`  recorder with motion on the SD substream ${per(sdPct)} % per camera`);
console.log(`  recorder without motion ${per(withoutPct)} % per camera; detection costs ${r2(detection)} %`);
console.log(`  ffmpeg pulling RTSP, keyframes only (decode only): ${per(pullPct)} % per camera`);
if (daemonPct !== undefined)
  console.log(`  Debian motion 4.5: ${per(daemonPct)} % per camera, ${daemonEvents} events`);
console.log(`  motion decoder: ${JSON.stringify(stats)}; ${eventsAfter - eventsBefore} events in the window`);
console.log(
  JSON.stringify({
    bench: 'motion-cpu',
    cameras: n,
    resolution,
    fps,
    gopSec: Number(values.gop),
    seconds: r2(wall),
    machineCores: cpus().length,
    recordingWithMotionPctPerCamera: per(withPct),
    recordingOnlyPctPerCamera: per(withoutPct),
    recordingWithSdMotionPctPerCamera: per(sdPct),
    sdDetectionPctPerCamera: r2((sdPct - withoutPct) / n),
    detectionPctPerCamera: r2(detection),
    decoderFfmpegPctPerCamera: per(decoderPct),
    recorderNodePctPerCamera: per(nodeWith),
    recorderNodeWithoutMotionPctPerCamera: per(nodeWithout),
    refinementAndPicturesPctPerCamera: per(refineAndPictures),
    cpuMsPerEvent:
      eventsAfter > eventsBefore
        ? Math.round(((refineAndPictures / 100) * wall * 1000) / (eventsAfter - eventsBefore))
        : null,
    rtspPullKeyframeDecodePctPerCamera: per(pullPct),
    motionDaemonPctPerCamera: daemonPct === undefined ? null : per(daemonPct),
    detectionVsMotionDaemon: daemonPct ? r2(detection / (daemonPct / n)) : null,
    recordingWithMotionVsMotionDaemon: daemonPct ? r2(withPct / daemonPct) : null,
    eventsInWindow: eventsAfter - eventsBefore,
    motionDaemonEvents: daemonEvents ?? null,
    decoder: stats,
  }),
);
process.exit(0);

/**
 * npm run bench -- export [--rounds 3]
 *
 * A 10-minute 1080p clip through GET /video/mp4 (the real server: access check, index query, ffmpeg stitching
 * the segments without re-encoding, the file sent) against ffmpeg's concat: protocol with -c copy over the same
 * segments, alternately, median of each. Target (issue 5): ratio <= 1.2. The range starts and ends mid-segment, as
 * a user's does (7 s in, 3 s before the end: issue 13); the clip must pass ffprobe without errors, last the range
 * within a keyframe interval (2 s) and play in Chromium with that duration.
 */
import { execFile, execFileSync, spawnSync } from 'node:child_process';
import { mkdirSync, rmSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import { chromium } from '@playwright/test';
import { indexRun, median, r1, tenMinuteRun, videoServer } from './lib/video-bench.ts';

const { values } = parseArgs({ options: { rounds: { type: 'string', default: '3' } } });
const rounds = Number(values.rounds);

console.log('export: a 10-minute 1080p clip, /video/mp4 vs ffmpeg concat: -c copy over the same segments');
const run = await tenMinuteRun();
const server = await videoServer();
const uidd = await server.camera('export');
const startMs = Math.floor((Date.now() - 2 * 3600_000) / 1000) * 1000;
const { segments } = await indexRun(server.db.db, server.dataDir, uidd, run, startMs);
const mb = run.segments.reduce((n, s) => n + s.bytes, 0) / 1e6;
console.log(`  ${segments} segments, ${r1(mb)} MB`);
const out = join(server.dataDir, 'out');
mkdirSync(out, { recursive: true });
const [owner, device] = uidd.split('.') as [string, string];
// Mid-segment at both ends: the clip starts at the keyframe before +7 s and ends with the frame at +597 s.
const RANGE_SEC: [number, number] = [7, 597];
const url = `${server.base}/video/mp4/${owner}/${device}/${startMs / 1000 + RANGE_SEC[0]}/${startMs / 1000 + RANGE_SEC[1]}`;

const baseline = (): number => {
  const t = performance.now();
  const input = `concat:${[run.init, ...run.segments.map((s) => s.file)].join('|')}`;
  const r = spawnSync(
    'ffmpeg',
    ['-hide_banner', '-nostdin', '-loglevel', 'error', '-y', '-i', input, '-map', '0'].concat([
      '-c',
      'copy',
      '-f',
      'mp4',
      join(out, 'baseline.mp4'),
    ]),
  );
  if (r.status !== 0) throw new Error(String(r.stderr));
  return performance.now() - t;
};
// The client is another process, as a browser is: curl (spawned asynchronously: the server runs in this process),
// keeping the clip as a browser's blob does (here: discarding it), or writing it to a file.
const ours = (to: string): Promise<number> =>
  new Promise((resolve, reject) => {
    const t = performance.now();
    execFile('curl', ['-sf', '-H', `authorization: Bearer ${server.token}`, '-o', to, url], (err) =>
      err ? reject(err) : resolve(performance.now() - t),
    );
  });

const base: number[] = [];
const mine: number[] = [];
const mineToFile: number[] = [];
baseline(); // warm the page cache for both
for (let i = 0; i < rounds; i++) {
  base.push(baseline());
  mine.push(await ours('/dev/null'));
  mineToFile.push(await ours(join(out, 'ours.mp4')));
  console.log(
    `  round ${i + 1}: ffmpeg ${Math.round(base.at(-1)!)} ms, /video/mp4 ${Math.round(mine.at(-1)!)} ms (to a file ${Math.round(mineToFile.at(-1)!)} ms)`,
  );
}

const file = join(out, 'ours.mp4');
let probeErrors = '';
let duration = 0;
try {
  duration = Number(
    execFileSync('ffprobe', ['-v', 'error', '-show_entries', 'format=duration', '-of', 'csv=p=0', file], {
      encoding: 'utf8',
    }),
  );
} catch (e) {
  probeErrors = String(e);
}
const decode = spawnSync('ffmpeg', [
  '-v',
  'error',
  '-i',
  file,
  '-map',
  '0:v',
  '-c',
  'copy',
  '-f',
  'null',
  '-',
]);
probeErrors += String(decode.stderr ?? '');

const browser = await chromium.launch({
  executablePath: '/usr/bin/chromium',
  args: ['--no-sandbox', '--disable-gpu', '--autoplay-policy=no-user-gesture-required'],
});
const page = await browser.newPage();
// As the web app does: the clip fetched as a blob, then played from it.
await page.goto(`${server.base}/health`);
const inChromium = await page.evaluate(
  async ({ url, token }) => {
    const blob = await (await fetch(url, { headers: { authorization: `Bearer ${token}` } })).blob();
    const v = document.createElement('video');
    v.muted = true;
    document.body.append(v);
    return new Promise<{ duration: number; played: boolean }>((resolve) => {
      v.addEventListener('loadedmetadata', () => {
        const t0 = v.currentTime;
        void v.play();
        v.addEventListener('timeupdate', function tick() {
          if (v.currentTime > t0 + 0.2) {
            v.removeEventListener('timeupdate', tick);
            resolve({ duration: v.duration, played: true });
          }
        });
      });
      v.addEventListener('error', () => resolve({ duration: Number.NaN, played: false }));
      v.src = URL.createObjectURL(blob);
    });
  },
  { url, token: server.token },
);
await browser.close();

const result = {
  bench: 'export',
  clipSec: RANGE_SEC[1] - RANGE_SEC[0],
  // Within a keyframe interval (2 s) and a frame of the range: 590 s to 592 s.
  durationOk: duration >= RANGE_SEC[1] - RANGE_SEC[0] - 0.1 && duration <= RANGE_SEC[1] - RANGE_SEC[0] + 2.1,
  segments,
  megabytes: r1(mb),
  bytes: statSync(file).size,
  ffmpegConcatMs: Math.round(median(base)),
  videoMp4Ms: Math.round(median(mine)),
  ratio: Math.round((median(mine) / median(base)) * 100) / 100,
  videoMp4ToFileMs: Math.round(median(mineToFile)),
  ratioToFile: Math.round((median(mineToFile) / median(base)) * 100) / 100,
  targetRatio: 1.2,
  ffprobeDurationSec: r1(duration),
  ffprobeErrors: probeErrors.trim() === '' ? 0 : 1,
  chromiumDurationSec: r1(inChromium.duration),
  chromiumPlayed: inChromium.played,
};
console.log(
  `  median: ffmpeg ${result.ffmpegConcatMs} ms, /video/mp4 ${result.videoMp4Ms} ms, ratio ${result.ratio} (target <= 1.2), ` +
    `to a file ${result.videoMp4ToFileMs} ms, ratio ${result.ratioToFile}; ` +
    `ffprobe ${result.ffprobeDurationSec} s, ${probeErrors.trim() ? 'errors' : 'no errors'}; Chromium ${result.chromiumDurationSec} s, played: ${result.chromiumPlayed}`,
);
await server.close();
rmSync(out, { recursive: true, force: true });
console.log(JSON.stringify(result));

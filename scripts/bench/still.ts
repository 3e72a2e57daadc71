/**
 * npm run bench -- still [--rounds 20]
 *
 * GET /simple/{uid}/{deviceid}/hdstill/{seconds}.jpg at random recorded seconds of a 1080p 25 fps recording
 * (keyframes every 2 s), through the real server over HTTP: the full JPEG, and the 320 px preview the timeline
 * asks for while scrubbing. Target (issue 5): <= 250 ms.
 */
import { parseArgs } from 'node:util';
import { indexRun, median, percentile, r1, tenMinuteRun, videoServer } from './lib/video-bench.ts';

const { values } = parseArgs({ options: { rounds: { type: 'string', default: '20' } } });
const rounds = Number(values.rounds);

console.log('still: a recorded frame at any second');
const run = await tenMinuteRun();
const server = await videoServer();
const uidd = await server.camera('still');
const start = Math.floor((Date.now() - 2 * 3600_000) / 1000) * 1000;
await indexRun(server.db.db, server.dataDir, uidd, run, start);
const [owner, device] = uidd.split('.') as [string, string];

async function still(width?: number): Promise<number> {
  const sec = start / 1000 + Math.floor(Math.random() * 590) + Math.random();
  const url = `${server.base}/simple/${owner}/${device}/hdstill/${sec.toFixed(3)}.jpg${width ? `?width=${width}` : ''}`;
  const t = performance.now();
  const res = await fetch(url, { headers: { authorization: `Bearer ${server.token}` } });
  const body = new Uint8Array(await res.arrayBuffer());
  const ms = performance.now() - t;
  if (!res.ok || body[0] !== 0xff || body[1] !== 0xd8) throw new Error(`not a JPEG: ${res.status}`);
  return ms;
}

const results: Record<string, { p50: number; p90: number }> = {};
for (const [name, width] of [
  ['full', undefined],
  ['preview320', 320],
] as const) {
  await still(width);
  const xs: number[] = [];
  for (let i = 0; i < rounds; i++) xs.push(await still(width));
  results[name] = { p50: r1(median(xs)), p90: r1(percentile(xs, 90)) };
  console.log(`  ${name}: p50 ${results[name].p50} ms, p90 ${results[name].p90} ms (${rounds} stills)`);
}
await server.close();
console.log(JSON.stringify({ bench: 'still', resolution: '1080p', targetMs: 250, rounds, ...results }));

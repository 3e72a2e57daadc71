/**
 * npm run bench -- stream-ttfb [--rounds 15]
 *
 * Time to the first byte of {videoServer}/stream/{format}/{user}/{camera}/{start}/{end}/{token} for a 1-hour range
 * of 1080p recordings (900 segments in 6 runs), through the real server over HTTP. Target (issue 5): <= 200 ms.
 */
import { parseArgs } from 'node:util';
import { indexRun, median, percentile, r1, tenMinuteRun, videoServer } from './lib/video-bench.ts';

const { values } = parseArgs({ options: { rounds: { type: 'string', default: '15' } } });
const rounds = Number(values.rounds);

console.log('stream-ttfb: the first byte of /stream/... for a 1-hour range');
const run = await tenMinuteRun();
const server = await videoServer();
const uidd = await server.camera('stream');
const start = Math.floor((Date.now() - 3 * 3600_000) / 1000) * 1000;
const { segments, toMs } = await indexRun(server.db.db, server.dataDir, uidd, run, start, 6);
const [owner, device] = uidd.split('.') as [string, string];
console.log(`  ${segments} segments over ${r1((toMs - start) / 3600_000)} h`);

async function ttfb(format: 'mp4' | 'mpegts'): Promise<number> {
  const from = start / 1000 + Math.floor(Math.random() * 60);
  const url = `${server.base}/stream/${format}/${owner}/${device}/${from}/${from + 3600}/-?inputStream=true&ignoreMvhd=true`;
  const abort = new AbortController();
  const t = performance.now();
  // The token in the header: an address takes only grants and share tokens (decision 0014).
  const res = await fetch(url, {
    signal: abort.signal,
    headers: { authorization: `Bearer ${server.token}` },
  });
  if (!res.ok || !res.body) throw new Error(`${res.status} ${await res.text()}`);
  const reader = res.body.getReader();
  const first = await reader.read();
  const ms = performance.now() - t;
  if (!first.value?.length) throw new Error('no bytes');
  abort.abort();
  await reader.cancel().catch(() => {});
  return ms;
}

const results: Record<string, { p50: number; p90: number }> = {};
for (const format of ['mp4', 'mpegts'] as const) {
  await ttfb(format);
  const xs: number[] = [];
  for (let i = 0; i < rounds; i++) xs.push(await ttfb(format));
  results[format] = { p50: r1(median(xs)), p90: r1(percentile(xs, 90)) };
  console.log(
    `  ${format}: p50 ${results[format].p50} ms, p90 ${results[format].p90} ms (${rounds} requests)`,
  );
}
await server.close();
console.log(
  JSON.stringify({ bench: 'stream-ttfb', rangeSec: 3600, segments, targetMs: 200, rounds, ...results }),
);

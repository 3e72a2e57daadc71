/**
 * npm run bench -- nats-bus [--servers 2] [--messages 2000] [--rate 500] [--nats nats://127.0.0.1:4222]
 *
 * The realtime bus on NATS JetStream across processes (decision 0603): this process is a recorder publishing alerts;
 * `--servers` child processes are servers, each with its own NatsBus (own connection, own ordered consumer).
 * Paced: `--messages` alerts at `--rate` per second, latency publish → handed to a server's subscribers (p50/p99,
 * one clock: one machine). Burst: the same number at once, the rate every server receives them at.
 * Target (issue 15): an alert reaches every server within 1 s.
 */
import { spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { createInterface } from 'node:readline';
import { parseArgs } from 'node:util';
import { jetstreamManager } from '@nats-io/jetstream';
import { connect } from '@nats-io/transport-node';
import { NatsBus } from '../../apps/server/src/features/realtime/nats-bus.ts';

const { values } = parseArgs({
  options: {
    servers: { type: 'string', default: '2' },
    messages: { type: 'string', default: '2000' },
    rate: { type: 'string', default: '500' },
    nats: { type: 'string', default: 'nats://127.0.0.1:4222' },
    child: { type: 'boolean', default: false },
    stream: { type: 'string' },
    prefix: { type: 'string' },
  },
});
const messages = Number(values.messages);

const percentile = (xs: number[], p: number) => {
  const s = [...xs].sort((a, b) => a - b);
  return s[Math.min(s.length - 1, Math.ceil((p / 100) * s.length) - 1)] ?? Number.NaN;
};

if (values.child) {
  // A server: reports, per phase, the latencies of the alerts it got and when it got the last.
  const nc = await connect({ servers: values.nats, name: 'bench-server' });
  const bus = await NatsBus.open(nc, { stream: values.stream!, subjectPrefix: values.prefix! });
  const got: Record<string, { lat: number[]; first: number; last: number }> = {};
  bus.subscribe((m) => {
    if (m.type !== 'alert') return;
    const now = Date.now();
    const phase = m.data.id.split(':')[0]!;
    got[phase] ??= { lat: [], first: now, last: now };
    const p = got[phase];
    p.lat.push(now - m.data.startTime);
    p.last = now;
    if (p.lat.length === messages) console.log(JSON.stringify({ phase, ...p }));
  });
  console.log('ready');
  process.stdin.on('end', () => {
    void (async () => {
      await bus.close(100);
      await nc.close();
      process.exit(0);
    })();
  });
  process.stdin.resume();
} else {
  const name = `bench${randomBytes(4).toString('hex')}`;
  const stream = `VIGIL_RT_${name}`;
  const prefix = `${name}.rt`;
  const nc = await connect({ servers: values.nats, name: 'bench-recorder' });
  const recorder = await NatsBus.open(nc, { stream, subjectPrefix: prefix });
  const count = Number(values.servers);
  console.log(`nats-bus: 1 recorder → ${count} server processes, ${messages} alerts per phase`);
  type Summary = { p50: number; p99: number; max: number; perSec: number };
  const results: Record<string, Summary[]> = { paced: [], burst: [] };
  const done: Record<string, Promise<void>[]> = { paced: [], burst: [] };
  const ready: Promise<void>[] = [];
  const children = Array.from({ length: count }, () =>
    spawn(
      process.execPath,
      [import.meta.filename, '--child', '--stream', stream, '--prefix', prefix, '--messages', `${messages}`],
      { stdio: ['pipe', 'pipe', 'inherit'], env: { ...process.env } },
    ),
  );
  for (const child of children) {
    const lines = createInterface({ input: child.stdout! });
    let onReady: () => void;
    ready.push(new Promise<void>((r) => (onReady = r)));
    const phases: Record<string, () => void> = {};
    for (const phase of ['paced', 'burst']) done[phase]!.push(new Promise<void>((r) => (phases[phase] = r)));
    lines.on('line', (line) => {
      if (line === 'ready') return onReady();
      const r = JSON.parse(line) as { phase: string; lat: number[]; first: number; last: number };
      results[r.phase]!.push({
        p50: percentile(r.lat, 50),
        p99: percentile(r.lat, 99),
        max: Math.max(...r.lat),
        perSec: Math.round((r.lat.length / Math.max(1, r.last - r.first)) * 1000),
      });
      phases[r.phase]!();
    });
  }
  await Promise.all(ready);

  const alert = (phase: string, i: number) =>
    recorder.publish({
      type: 'alert',
      data: { uidd: 'bench.cam', id: `${phase}:${i}`, startTime: Date.now(), motionScore: 1 },
    });
  // Paced: a tick every 10 ms with its share of the rate.
  const perTick = Math.max(1, Math.round(Number(values.rate) / 100));
  for (let i = 0; i < messages; ) {
    for (let k = 0; k < perTick && i < messages; k++, i++) alert('paced', i);
    await new Promise((r) => setTimeout(r, 10));
  }
  // Unref: a pending 60 s timer would keep the process alive a minute after the figures.
  const timeout = () => new Promise((r) => setTimeout(r, 60_000).unref());
  await Promise.race([Promise.all(done.paced!), timeout()]);
  await new Promise((r) => setTimeout(r, 500));
  const burstStart = Date.now();
  for (let i = 0; i < messages; i++) alert('burst', i);
  await Promise.race([Promise.all(done.burst!), timeout()]);
  const burstMs = Date.now() - burstStart;

  for (const c of children) c.stdin!.end();
  await recorder.close();
  await (await jetstreamManager(nc)).streams.delete(stream);
  await nc.close();

  const paced = results.paced!;
  const burst = results.burst!;
  for (const [i, r] of paced.entries())
    console.log(
      `  paced ${values.rate}/s, server ${i + 1}: p50 ${r.p50} ms, p99 ${r.p99} ms, max ${r.max} ms`,
    );
  for (const [i, r] of burst.entries())
    console.log(`  burst, server ${i + 1}: ${r.perSec} msg/s received, p99 ${r.p99} ms`);
  console.log(`  burst of ${messages}: every server had all in ${burstMs} ms`);
  console.log(
    JSON.stringify({
      bench: 'nats-bus',
      servers: count,
      messages,
      rate: Number(values.rate),
      targetMs: 1000,
      paced,
      burst,
      burstAllMs: burstMs,
    }),
  );
}

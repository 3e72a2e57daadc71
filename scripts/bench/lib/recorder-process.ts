/**
 * The recorder in a process of its own, for benchmarks that measure its CPU or kill it: reads its settings as
 * JSON from argv[2], writes events as JSON lines on stdout, stops cleanly on SIGTERM.
 *   { "dataDir": "...", "cameras": [{ "uidd": "o.c0", "main": "rtsp://..." }], "options": { ... } }
 * With "motion": true, motion detection runs (cameras may give "sensitivity" and "recording") and its events are
 * written as motion-start / motion-end lines; on SIGTERM a motion-stats line per camera comes first.
 */
import { join } from 'node:path';
import type { Uidd } from '@vigil/contracts';
import { migrateToLatest, openDb } from '@vigil/db';
import { InMemoryCameraSource, type MotionSink, Recorder, type RecorderOptions } from '@vigil/recorder';

interface Settings {
  dataDir: string;
  cameras: Array<{
    uidd: string;
    main: string;
    sd?: string;
    sensitivity?: number;
    recording?: 'continuous' | 'rom';
  }>;
  options?: Partial<RecorderOptions>;
  motion?: boolean;
}

const settings = JSON.parse(process.argv[2] ?? '{}') as Settings;
// The benchmark may stop reading (it exits) while this process still logs its shutdown.
process.stdout.on('error', () => {});
const out = (ev: object): void => {
  process.stdout.write(`${JSON.stringify(ev)}\n`);
};
const handle = openDb({ sqlitePath: join(settings.dataDir, 'vigil.sqlite') });
await migrateToLatest(handle.db);
const source = new InMemoryCameraSource(
  settings.cameras.map((c) => ({
    uidd: c.uidd as Uidd,
    streams: { main: c.main, sd: c.sd },
    retentionDays: 30,
    recording: c.recording ?? ('continuous' as const),
    motion: { sensitivity: c.sensitivity ?? 5, zones: [] },
  })),
);
let events = 0;
const motionSink: MotionSink = {
  started: async (e) => {
    const id = `m${++events}`;
    out({ type: 'motion-start', id, uidd: e.uidd, startMs: e.startMs, score: e.score, at: Date.now() });
    return id;
  },
  ended: async (id, e) => {
    out({ type: 'motion-end', id, uidd: e.uidd, startMs: e.startMs, endMs: e.endMs, score: e.score });
  },
};
const log = (level: string) => (obj: object, msg: string) => out({ type: 'log', level, msg, ...obj });
const startedAt = Date.now();
const recorder = await Recorder.start({
  db: handle.db,
  dataDir: settings.dataDir,
  source,
  log: { debug: () => {}, info: log('info'), warn: log('warn'), error: log('error') },
  ...(settings.motion ? { motionSink } : {}),
  ...settings.options,
});
recorder.on('motion', (n) => out({ type: 'motion', ...n }));
recorder.on('segment', (s) => out({ type: 'segment', ...s }));
recorder.on('status', (s) => out({ type: 'status', ...s }));
out({ type: 'ready', startupMs: Date.now() - startedAt });

process.on('SIGTERM', () => {
  for (const c of settings.cameras)
    out({ type: 'motion-stats', uidd: c.uidd, ...recorder.motionStats(c.uidd as Uidd) });
  void recorder
    .stop()
    .then(() => handle.destroy())
    .then(() => process.exit(0));
});

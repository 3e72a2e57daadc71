/**
 * The recorder in a process of its own, for benchmarks that measure its CPU or kill it: reads its settings as
 * JSON from argv[2], writes events as JSON lines on stdout, stops cleanly on SIGTERM.
 *   { "dataDir": "...", "cameras": [{ "uidd": "o.c0", "main": "rtsp://..." }], "options": { ... } }
 */
import { join } from 'node:path';
import type { Uidd } from '@vigil/contracts';
import { migrateToLatest, openDb } from '@vigil/db';
import { InMemoryCameraSource } from '../../../apps/recorder/src/camera-source.ts';
import { Recorder, type RecorderOptions } from '../../../apps/recorder/src/recorder.ts';

interface Settings {
  dataDir: string;
  cameras: Array<{ uidd: string; main: string; sd?: string }>;
  options?: Partial<RecorderOptions>;
}

const settings = JSON.parse(process.argv[2] ?? '{}') as Settings;
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
    recording: 'continuous' as const,
  })),
);
const log = (level: string) => (obj: object, msg: string) => out({ type: 'log', level, msg, ...obj });
const startedAt = Date.now();
const recorder = await Recorder.start({
  db: handle.db,
  dataDir: settings.dataDir,
  source,
  log: { debug: () => {}, info: log('info'), warn: log('warn'), error: log('error') },
  ...settings.options,
});
recorder.on('segment', (s) => out({ type: 'segment', ...s }));
recorder.on('status', (s) => out({ type: 'status', ...s }));
out({ type: 'ready', startupMs: Date.now() - startedAt });

process.on('SIGTERM', () => {
  void recorder
    .stop()
    .then(() => handle.destroy())
    .then(() => process.exit(0));
});

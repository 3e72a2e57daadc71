import { type ChildProcess, spawn } from 'node:child_process';
import { join } from 'node:path';
import { createInterface } from 'node:readline';

// biome-ignore lint/suspicious/noExplicitAny: events are whatever JSON the recorder process printed
export type RecorderEvent = { type: string; [k: string]: any };

export interface RecorderChild {
  child: ChildProcess;
  events: RecorderEvent[];
  /** Resolves with the first event (already seen or to come) that matches, or rejects after timeoutMs. */
  waitFor(pick: (e: RecorderEvent) => boolean, timeoutMs?: number): Promise<RecorderEvent>;
  /** SIGTERM and wait for a clean exit. */
  stop(): Promise<void>;
}

/** Starts lib/recorder-process.ts in its own Node process (the same Node that runs the benchmark). */
export async function spawnRecorder(settings: object): Promise<RecorderChild> {
  const child = spawn(
    process.execPath,
    [join(import.meta.dirname, 'recorder-process.ts'), JSON.stringify(settings)],
    {
      stdio: ['ignore', 'pipe', 'inherit'],
    },
  );
  const events: RecorderEvent[] = [];
  const waiters: Array<{ pick: (e: RecorderEvent) => boolean; resolve: (e: RecorderEvent) => void }> = [];
  createInterface({ input: child.stdout! }).on('line', (line) => {
    let ev: RecorderEvent;
    try {
      ev = JSON.parse(line);
    } catch {
      return;
    }
    events.push(ev);
    for (const w of waiters.slice()) {
      if (w.pick(ev)) {
        waiters.splice(waiters.indexOf(w), 1);
        w.resolve(ev);
      }
    }
  });
  const waitFor = (pick: (e: RecorderEvent) => boolean, timeoutMs = 60_000): Promise<RecorderEvent> => {
    const seen = events.find(pick);
    if (seen) return Promise.resolve(seen);
    return new Promise((resolve, reject) => {
      const timer = setTimeout(() => reject(new Error('recorder event not seen in time')), timeoutMs);
      waiters.push({
        pick,
        resolve: (e) => {
          clearTimeout(timer);
          resolve(e);
        },
      });
    });
  };
  const stop = (): Promise<void> =>
    new Promise((resolve) => {
      if (child.exitCode !== null || child.signalCode !== null) return resolve();
      child.once('exit', () => resolve());
      child.kill('SIGTERM');
    });
  await waitFor((e) => e.type === 'ready');
  return { child, events, waitFor, stop };
}

import type { LiveStream, Uidd } from '@vigil/contracts';
import type { LiveListener } from '@vigil/recorder';
import { WebSocket } from 'ws';
import { InMemoryCameraStatus } from '../cameras/status-provider.ts';
import { RecordedCameraTasks } from '../cameras/tasks.ts';
import type { RecordingPort } from './recording.ts';

/** Test support: a live WebSocket viewer that records what it receives (not a test file itself). */
export interface LiveViewer {
  texts: string[];
  binaries: Buffer[];
  /** Resolves with the close code and reason. */
  closed: Promise<{ code: number; reason: string }>;
  /** Resolves with the HTTP status when the upgrade is refused, or 101 once open. */
  opened: Promise<number>;
  /** Resolves when `n` binary messages have arrived. */
  binariesAt(n: number, timeoutMs?: number): Promise<void>;
  close(): void;
}

export function openLive(url: string): LiveViewer {
  const ws = new WebSocket(url);
  const texts: string[] = [];
  const binaries: Buffer[] = [];
  const waiters: Array<{ n: number; resolve: () => void }> = [];
  ws.on('message', (data, isBinary) => {
    if (isBinary) {
      binaries.push(data as Buffer);
      for (const w of waiters.filter((x) => binaries.length >= x.n)) {
        waiters.splice(waiters.indexOf(w), 1);
        w.resolve();
      }
    } else texts.push((data as Buffer).toString());
  });
  const opened = new Promise<number>((resolve) => {
    ws.on('open', () => resolve(101));
    ws.on('unexpected-response', (_req, res) => {
      resolve(res.statusCode ?? 0);
      ws.terminate();
    });
    ws.on('error', () => resolve(0));
  });
  const closed = new Promise<{ code: number; reason: string }>((resolve) =>
    ws.on('close', (code, reason) => resolve({ code, reason: String(reason) })),
  );
  return {
    texts,
    binaries,
    closed,
    opened,
    binariesAt(n, timeoutMs = 10_000) {
      if (binaries.length >= n) return Promise.resolve();
      return new Promise((resolve, reject) => {
        const timer = setTimeout(() => reject(new Error(`fewer than ${n} binary messages`)), timeoutMs);
        waiters.push({
          n,
          resolve: () => {
            clearTimeout(timer);
            resolve();
          },
        });
      });
    },
    close: () => ws.close(),
  };
}

/** Polls `f` until it returns a truthy value (no sleeping in tests: a bounded poll). */
export async function until<T>(
  f: () => Promise<T> | T,
  timeoutMs = 20_000,
  everyMs = 100,
): Promise<Exclude<T, false | null | undefined | 0 | ''>> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const v = await f();
    if (v) return v as Exclude<T, false | null | undefined | 0 | ''>;
    if (Date.now() > deadline) throw new Error('condition not met in time');
    await new Promise((r) => setTimeout(r, everyMs));
  }
}

/**
 * A stand-in recorder for route tests: every camera has a (tiny) still; live sends an init segment and one
 * GOP's first frames (placeholder bytes, enough for a live HLS playlist), then nothing.
 */
export class FakeRecording implements RecordingPort {
  readonly integrations = { statusProvider: new InMemoryCameraStatus(), tasks: new RecordedCameraTasks() };
  async start(): Promise<void> {}
  async stop(): Promise<void> {}
  async watch(_uidd: Uidd, _stream: LiveStream, listener: LiveListener): Promise<() => void> {
    listener({ type: 'init', data: Buffer.from('init'), mimeType: 'video/mp4; codecs="avc1.64001f"' });
    for (let i = 0; i < 8; i++)
      listener({
        type: 'fragment',
        data: Buffer.from(`frame ${i}`),
        keyframe: i === 0,
        durationMs: 100,
        wallMs: Date.now() + i * 100,
      });
    return () => {};
  }
  async latestImage(): Promise<Buffer> {
    return TINY_JPEG;
  }
  async stillAt(): Promise<Buffer> {
    return TINY_JPEG;
  }
}

const TINY_JPEG = Buffer.from([0xff, 0xd8, 0xff, 0xd9]);

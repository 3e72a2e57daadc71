import {
  type RealtimeMessage,
  type RealtimeType,
  realtimeLiveQuery,
  SSE_BACKOFF_CAP_MS,
  SSE_BACKOFF_START_MS,
  type Uidd,
} from '@vigil/contracts';

/** The delay before reconnect attempt `n` (0-based): 1 s, doubling, capped at 60 s (spec 001 §4, §9). */
export const realtimeBackoffMs = (attempt: number): number =>
  Math.min(SSE_BACKOFF_START_MS * 2 ** attempt, SSE_BACKOFF_CAP_MS);

/**
 * Splits a server-sent-events text stream into messages; returns what is left of an incomplete one. Comments
 * (`: ping`) are skipped; the space after `data:` is optional, as the SSE format allows.
 */
export function parseSse(buffer: string, onMessage: (m: RealtimeMessage) => void): string {
  const blocks = buffer.split('\n\n');
  const rest = blocks.pop() ?? '';
  for (const block of blocks) {
    const data = block
      .split('\n')
      .filter((l) => l.startsWith('data:'))
      .map((l) => l.slice(5).replace(/^ /, ''))
      .join('\n');
    if (!data) continue;
    try {
      onMessage(JSON.parse(data) as RealtimeMessage);
    } catch {
      /* not JSON: ignored */
    }
  }
  return rest;
}

export interface RealtimeOptions {
  types: readonly RealtimeType[];
  uidds: readonly Uidd[];
  token: () => string | undefined;
  onMessage: (m: RealtimeMessage) => void;
  /** Told of each failure before the reconnect (the spec logs the link). */
  onError?: (error: unknown, retryInMs: number) => void;
  /** The stream is open again after a failure: what was sent meanwhile is not replayed, the caller may catch up. */
  onReconnect?: () => void;
  fetch?: typeof fetch;
  base?: string;
}

/**
 * The realtime stream (`GET /cameras/realtime/live`, server-sent events). Read with fetch rather than
 * EventSource, which cannot send the Authorization header. Query strings over 1800 characters send owner ids
 * instead of uidds (realtimeLiveQuery). On error or end the link is closed and opened again after 1 s, doubling
 * to 60 s; a stream that delivered something resets the delay. The one realtime client of the web app (decision
 * 0106): every screen that follows the stream goes through it (`useRealtime`). Returns the function that stops it.
 */
export function connectRealtime(o: RealtimeOptions): () => void {
  const doFetch = o.fetch ?? fetch.bind(globalThis);
  let stopped = false;
  let attempt = 0;
  let failed = false;
  let abort: AbortController | undefined;
  let timer: ReturnType<typeof setTimeout> | undefined;

  const run = async (): Promise<void> => {
    abort = new AbortController();
    const { query } = realtimeLiveQuery(o.types, o.uidds);
    const token = o.token();
    const res = await doFetch(`${o.base ?? ''}/cameras/realtime/live?${query}`, {
      headers: { accept: 'text/event-stream', ...(token ? { authorization: `Bearer ${token}` } : {}) },
      signal: abort.signal,
    });
    if (!res.ok || !res.body) throw new Error(`realtime stream answered ${res.status}`);
    if (failed) o.onReconnect?.();
    failed = false;
    const reader = res.body.pipeThrough(new TextDecoderStream()).getReader();
    let buffer = '';
    for (;;) {
      const { value, done } = await reader.read();
      if (done) throw new Error('realtime stream ended');
      attempt = 0;
      buffer = parseSse(buffer + value, o.onMessage);
    }
  };
  const loop = (): void => {
    if (stopped) return;
    run().catch((err: unknown) => {
      if (stopped) return;
      failed = true;
      const delay = realtimeBackoffMs(attempt);
      attempt += 1;
      o.onError?.(err, delay);
      abort?.abort();
      timer = setTimeout(loop, delay);
    });
  };
  loop();
  return () => {
    stopped = true;
    clearTimeout(timer);
    abort?.abort();
  };
}

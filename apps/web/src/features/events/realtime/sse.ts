import { SSE_BACKOFF_CAP_MS, SSE_BACKOFF_START_MS, URL_LENGTH_LIMIT_CHARS } from '@vigil/contracts';

/** One server-sent event: `event:` and the JSON of `data:`. */
export interface SseMessage {
  event: string;
  data: unknown;
}

/** Splits an SSE byte stream into messages; feed it text as it comes, it keeps the unfinished part. */
export class SseParser {
  private buffer = '';
  push(text: string): SseMessage[] {
    this.buffer += text;
    const out: SseMessage[] = [];
    let end = this.buffer.indexOf('\n\n');
    while (end >= 0) {
      const block = this.buffer.slice(0, end);
      this.buffer = this.buffer.slice(end + 2);
      let event = 'message';
      const data: string[] = [];
      for (const line of block.split('\n')) {
        if (line.startsWith(':')) continue;
        if (line.startsWith('event:')) event = line.slice(6).trim();
        else if (line.startsWith('data:')) data.push(line.slice(5).trimStart());
      }
      if (data.length) {
        try {
          out.push({ event, data: JSON.parse(data.join('\n')) });
        } catch {
          // Not JSON: not one of ours.
        }
      }
      end = this.buffer.indexOf('\n\n');
    }
    return out;
  }
}

/** Reconnect delays (spec 001 §4, §9): 1 s, doubling, capped at 60 s. */
export const backoffMs = (attempt: number): number =>
  Math.min(SSE_BACKOFF_CAP_MS, SSE_BACKOFF_START_MS * 2 ** Math.max(0, attempt));

/**
 * The realtime query (spec 001 §5): the cameras' uidds, or, when that would make the URL longer than 1800
 * characters, their owners' ids.
 */
export function realtimePath(types: readonly string[], uidds: readonly string[]): string {
  const base = `/cameras/realtime/live?types=${types.join(',')}`;
  const byCamera = `${base}&uidd=${uidds.map(encodeURIComponent).join(',')}`;
  if (byCamera.length <= URL_LENGTH_LIMIT_CHARS) return byCamera;
  const owners = [...new Set(uidds.map((u) => u.slice(0, u.indexOf('.'))))];
  return `${base}&owner=${owners.map(encodeURIComponent).join(',')}`;
}

/**
 * Follows a server-sent event stream that needs the Authorization header (EventSource cannot send one): fetch,
 * read, parse; on error or end, log, close and reconnect with backoff. Returns the stop function.
 */
export function followSse(o: {
  path: string;
  token: () => string | undefined;
  onMessage(m: SseMessage): void;
  onError?: (err: unknown) => void;
  /** The stream is open again after it failed: what was sent meanwhile is lost, the caller may catch up. */
  onReconnect?: () => void;
  fetchImpl?: typeof fetch;
}): () => void {
  let stopped = false;
  let attempt = 0;
  let failed = false;
  let abort: AbortController | undefined;
  let timer: ReturnType<typeof setTimeout> | undefined;
  const run = async () => {
    abort = new AbortController();
    try {
      const token = o.token();
      const res = await (o.fetchImpl ?? fetch)(o.path, {
        headers: { accept: 'text/event-stream', ...(token ? { authorization: `Bearer ${token}` } : {}) },
        signal: abort.signal,
      });
      if (!res.ok || !res.body) throw new Error(`realtime stream answered ${res.status}`);
      attempt = 0;
      if (failed) o.onReconnect?.();
      const parser = new SseParser();
      const reader = res.body.pipeThrough(new TextDecoderStream()).getReader();
      for (;;) {
        const { value, done } = await reader.read();
        if (done) break;
        for (const m of parser.push(value)) o.onMessage(m);
      }
      throw new Error('realtime stream ended');
    } catch (err) {
      if (stopped) return;
      failed = true;
      o.onError?.(err);
      timer = setTimeout(() => void run(), backoffMs(attempt++));
    }
  };
  void run();
  return () => {
    stopped = true;
    clearTimeout(timer);
    abort?.abort();
  };
}

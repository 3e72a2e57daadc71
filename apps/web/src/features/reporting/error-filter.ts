import { ERROR_REPORT_MIN_INTERVAL_MS, ERROR_REPORT_SAME_MESSAGE_SUPPRESS_MS } from '@vigil/contracts';

/**
 * Known benign errors (spec 000 §8) that are never reported: network failures, chunk loads (a new release),
 * 404 and 500 on media and downloads, server-sent events, timeouts and aborted requests.
 */
const BENIGN: readonly RegExp[] = [
  /network ?error|failed to fetch|networkerror when attempting|load failed|cannot reach the server/i,
  /loading chunk|failed to fetch dynamically imported module|importing a module script failed|error loading dynamically imported module|chunkloaderror/i,
  /\b(404|500)\b.*\/(getstill|getthumb|getalertthumb|alertthumb|video|stream|hls|download|simple)\//i,
  /\/(getstill|getthumb|getalertthumb|alertthumb|video|stream|hls|download|simple)\/.*\b(404|500)\b/i,
  /eventsource|server-sent event|\bsse\b/i,
  /timeout|timed out/i,
  /abort(ed|error)?\b|the operation was aborted|the user aborted a request/i,
  /ResizeObserver loop/i,
];

export const isBenignError = (message: string): boolean => BENIGN.some((r) => r.test(message));

/** Query parameters and path shapes that carry secrets. */
const SECRET_PARAMS =
  /([?&](?:token|authToken|auth_token|loginToken|managementToken|access_token|id_token|v|newpass|password)=)[^&#\s]*/gi;
const JWT = /\bey[A-Za-z0-9_-]{10,}\.[A-Za-z0-9_-]{10,}\.[A-Za-z0-9_-]{10,}\b/g;
/** The video stream URL ends with the token (spec 000 §7): /stream/{format}/{user}/{camera}/{start}/{end}/{token}. */
const STREAM_TOKEN = /(\/stream\/[^/\s]+\/[^/\s]+\/[^/\s]+\/[^/\s]+\/[^/\s]+\/)[^/?#\s]+/g;
const SHARED_TOKEN = /(\/shared\/)[^/?#\s]+/g;

/** Tokens in URLs (and anywhere in a message or trace) are redacted before a report leaves the browser. */
export function redactTokens(text: string): string {
  return text
    .replace(SECRET_PARAMS, '$1[redacted]')
    .replace(STREAM_TOKEN, '$1[redacted]')
    .replace(SHARED_TOKEN, '$1[redacted]')
    .replace(JWT, '[redacted]');
}

/**
 * Rate limit of spec 000 §8: at most one report per 10 s, and the same message not again within 30 s.
 */
export class ErrorThrottle {
  readonly #now: () => number;
  #lastSent = Number.NEGATIVE_INFINITY;
  readonly #lastByMessage = new Map<string, number>();

  constructor(now: () => number) {
    this.#now = now;
  }

  allow(message: string): boolean {
    const t = this.#now();
    if (t - this.#lastSent < ERROR_REPORT_MIN_INTERVAL_MS) return false;
    const last = this.#lastByMessage.get(message);
    if (last !== undefined && t - last < ERROR_REPORT_SAME_MESSAGE_SUPPRESS_MS) return false;
    this.#lastSent = t;
    this.#lastByMessage.set(message, t);
    if (this.#lastByMessage.size > 100) {
      for (const [m, at] of this.#lastByMessage)
        if (t - at >= ERROR_REPORT_SAME_MESSAGE_SUPPRESS_MS) this.#lastByMessage.delete(m);
    }
    return true;
  }
}

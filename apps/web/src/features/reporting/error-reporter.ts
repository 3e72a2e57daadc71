import type { WebErrorReport } from '@vigil/contracts';
import { ErrorThrottle, isBenignError, redactTokens } from './error-filter.ts';

export interface ErrorReporterDeps {
  now: () => number;
  send: (uid: string, report: WebErrorReport) => Promise<unknown>;
  /** The signed-in account: uid for the path, e-mail as the identifier support reads. */
  who: () => { uid: string; email: string } | null;
  href: () => string;
  version: string;
}

const MAX = { message: 2_000, trace: 8_000, info: 2_000 };

function describe(error: unknown): { message: string; trace: string } {
  if (error instanceof Error) return { message: `${error.name}: ${error.message}`, trace: error.stack ?? '' };
  if (typeof error === 'string') return { message: error, trace: '' };
  try {
    return { message: JSON.stringify(error), trace: '' };
  } catch {
    return { message: String(error), trace: '' };
  }
}

/**
 * Error reporting (spec 000 §7, §8): benign errors ignored, tokens redacted, at most one report per 10 s and
 * the same message not again within 30 s. Reporting never throws.
 */
export function createErrorReporter(d: ErrorReporterDeps) {
  const throttle = new ErrorThrottle(d.now);
  return function report(error: unknown, info = ''): boolean {
    const { message, trace } = describe(error);
    if (isBenignError(message)) return false;
    if (!throttle.allow(message)) return false;
    const who = d.who();
    const body: WebErrorReport = {
      identifier: who?.email ?? 'anonymous',
      href: redactTokens(d.href()).slice(0, 2_000),
      message: redactTokens(message).slice(0, MAX.message),
      trace: redactTokens(trace).slice(0, MAX.trace),
      info: redactTokens(`${info}${info ? ' ' : ''}v${d.version}`).slice(0, MAX.info),
    };
    d.send(who?.uid ?? 'anonymous', body).catch(() => undefined);
    return true;
  };
}

export type ErrorReporter = ReturnType<typeof createErrorReporter>;

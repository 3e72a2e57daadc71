import { APP_VERSION } from '@vigil/contracts';
import { createSessionLifecycle, type SessionLifecycle } from '../features/auth/session/lifecycle.ts';
import type * as ReportErrorCall from '../features/reporting/api/report-error.ts';
import type * as UsageLogCall from '../features/reporting/api/usage-log.ts';
import { createErrorReporter } from '../features/reporting/error-reporter.ts';
import { browserFingerprint, logUsage } from '../features/reporting/usage-log.ts';
import { networkStore } from '../shared/platform/network.ts';
import { sessionStore } from '../shared/session/store.ts';
import { STORAGE_KEYS } from '../shared/storage/local.ts';

// Loaded with their schemas when first sent, not with the first page (decision 0760).
const sendErrorReport: typeof ReportErrorCall.sendErrorReport = async (...a) =>
  (await import('../features/reporting/api/report-error.ts')).sendErrorReport(...a);
const sendUsageLog: typeof UsageLogCall.sendUsageLog = async (...a) =>
  (await import('../features/reporting/api/usage-log.ts')).sendUsageLog(...a);

/** Error reporting for the whole app (spec 000 §7, §8). */
export const reportError = createErrorReporter({
  now: () => Date.now(),
  send: sendErrorReport,
  who: () => {
    const s = sessionStore.get();
    return s ? { uid: s.uid, email: s.email } : null;
  },
  href: () => location.href,
  version: APP_VERSION,
});

/** Uncaught errors and rejections anywhere are reported too. */
export function reportUncaughtErrors(): void {
  window.addEventListener('error', (e) => reportError(e.error ?? e.message, 'window.onerror'));
  window.addEventListener('unhandledrejection', (e) => reportError(e.reason, 'unhandledrejection'));
}

/** This tab's id in the usage log; a reload is a new instance. */
const instance = crypto.randomUUID();

/** One usage-log entry per app start and sign-in (spec 000 §7). */
export function logAppStart(type: 'start' | 'signin'): void {
  const s = sessionStore.get();
  if (!s || s.demo) return;
  void logUsage({ send: sendUsageLog, sleep: (ms) => new Promise((r) => setTimeout(r, ms)) }, s.uid, {
    type,
    val: {
      host: location.host,
      fingerprint: browserFingerprint(localStorage, STORAGE_KEYS.fingerprint),
      instance,
      version: APP_VERSION,
      url: location.pathname,
      windowSize: `${window.innerWidth}x${window.innerHeight}`,
    },
  });
}

let lifecycle: SessionLifecycle | undefined;

export function initLifecycle(app: boolean): SessionLifecycle {
  lifecycle = createSessionLifecycle({ app, onNetworkError: networkStore.raise, report: reportError });
  return lifecycle;
}

export function getLifecycle(): SessionLifecycle {
  if (!lifecycle) throw new Error('session lifecycle not started');
  return lifecycle;
}

import {
  type ActiveSession,
  type SupportErrorReportPage,
  type SupportProbeResult,
  type SupportUsageLogPage,
  splitUidd,
  type Uidd,
} from '@vigil/contracts';
import { forbidden, notFound } from '../../http/errors.ts';
import type { Caller } from '../../shared/caller.ts';
import type { SupportActivityPorts } from './ports.ts';
import type { SupportService } from './support-service.ts';

/** What support reads of an account beyond its page, by the path segment that names it (decision 0883). */
export type SupportActivityKind = 'sessions' | 'error-reports' | 'usage-logs';
export type SupportActivityPage =
  | { sessions: ActiveSession[] }
  | SupportErrorReportPage
  | SupportUsageLogPage;

/**
 * Support's account page beyond the account itself (decision 0721): the account's sessions (and ending one), its
 * browser error reports and usage logs a page at a time, and re-probing one of its cameras. Reading is support's
 * job and is not logged; what support does (ending a session, probing a camera) goes to the account's audit log.
 */
export class SupportActivity {
  readonly #ports: SupportActivityPorts;
  readonly #support: SupportService;
  constructor(ports: SupportActivityPorts, support: SupportService) {
    this.#ports = ports;
    this.#support = support;
  }

  /** Support only, on an account that exists (not the demo: ManagedAccounts hides it). */
  async #account(caller: Caller, uid: string): Promise<void> {
    if (caller.accountType !== 's') throw forbidden();
    await this.#support.account(caller, uid);
  }

  async sessions(caller: Caller, uid: string): Promise<{ sessions: ActiveSession[] }> {
    await this.#account(caller, uid);
    return { sessions: await this.#ports.sessions.sessionsForSupport(uid) };
  }

  /** Ends one session (a lost phone, a shared computer): the owner reads who did it under Recent activity. */
  async endSession(caller: Caller, uid: string, seriesId: string): Promise<true> {
    await this.#account(caller, uid);
    const session = (await this.#ports.sessions.sessionsForSupport(uid)).find((s) => s.seriesId === seriesId);
    if (!session || session.endedAt !== undefined) throw notFound('Session not found');
    await this.#ports.sessions.endSessionForSupport(uid, seriesId);
    await this.#support.record(caller, uid, 'support.tool', {
      tool: 'end-session',
      device: session.device ?? session.userAgent ?? null,
    });
    return true;
  }

  async errorReports(caller: Caller, uid: string, before?: string): Promise<SupportErrorReportPage> {
    await this.#account(caller, uid);
    return this.#ports.reports.errorReportsOf(uid, before);
  }

  async usageLogs(caller: Caller, uid: string, before?: string): Promise<SupportUsageLogPage> {
    await this.#account(caller, uid);
    return this.#ports.reports.usageLogsOf(uid, before);
  }

  /**
   * An account's sessions, error reports or usage logs (a page) for support signed in at another region (decision
   * 0883): the vouching region checked the caller is support; the account must exist here (404 else).
   */
  async readFor(uid: string, what: SupportActivityKind, before?: string): Promise<SupportActivityPage> {
    await this.#support.accountFor(uid);
    return this.#read(uid, what, before);
  }

  /** The same read for support signed in here. */
  async read(
    caller: Caller,
    uid: string,
    what: SupportActivityKind,
    before?: string,
  ): Promise<SupportActivityPage> {
    await this.#account(caller, uid);
    return this.#read(uid, what, before);
  }

  async #read(uid: string, what: SupportActivityKind, before?: string): Promise<SupportActivityPage> {
    if (what === 'sessions') return { sessions: await this.#ports.sessions.sessionsForSupport(uid) };
    if (what === 'error-reports') return this.#ports.reports.errorReportsOf(uid, before);
    return this.#ports.reports.usageLogsOf(uid, before);
  }

  /** Probes the camera's main stream now; the result, good or bad, goes to the owner's audit log. */
  async reprobe(caller: Caller, uidd: Uidd): Promise<SupportProbeResult> {
    const { owner } = splitUidd(uidd);
    await this.#account(caller, owner);
    const result = await this.#ports.probe.reprobe(uidd);
    if (!result) throw notFound(`Camera ${uidd} not found`);
    await this.#support.record(caller, owner, 'support.tool', {
      tool: 'reprobe-camera',
      uidd,
      result: result.ok ? 'ok' : result.kind,
    });
    return result;
  }
}

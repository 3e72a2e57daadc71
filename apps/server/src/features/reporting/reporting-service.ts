import {
  SUPPORT_LOG_PAGE_SIZE,
  type SupportErrorReportPage,
  type SupportUsageLogPage,
  type UsageLogBody,
  type WebErrorReport,
} from '@vigil/contracts';
import type { FastifyBaseLogger } from 'fastify';
import { randomId } from '../../shared/random.ts';
import type { LogCursor, ReportingRepository } from './reporting-repository.ts';
import { type PostJson, redactSecrets, slackMessage } from './slack.ts';

export interface ReportingDeps {
  repo: ReportingRepository;
  slackWebhookUrl: string | undefined;
  post: PostJson;
  log: FastifyBaseLogger;
  now: () => number;
}

export interface ClientMeta {
  ip: string;
  userAgent: string | undefined;
  callerUid: string | undefined;
}

/** Stores browser error reports (forwarding them to Slack when configured) and usage logs. */
export class ReportingService {
  readonly #d: ReportingDeps;
  constructor(deps: ReportingDeps) {
    this.#d = deps;
  }

  /**
   * Stores the report at once; the Slack forward runs after the answer, so a slow webhook never slows the
   * browser. Returns the id and the forward's promise (tests await it).
   */
  async report(
    uid: string,
    body: WebErrorReport,
    meta: ClientMeta,
  ): Promise<{ id: string; forwarded: Promise<void> }> {
    const row = {
      id: randomId(),
      uid,
      caller_uid: meta.callerUid ?? null,
      identifier: body.identifier,
      href: redactSecrets(body.href),
      message: redactSecrets(body.message),
      trace: redactSecrets(body.trace ?? ''),
      info: redactSecrets(body.info ?? ''),
      user_agent: meta.userAgent?.slice(0, 512) ?? null,
      client_ip: meta.ip,
      created_at: this.#d.now(),
      forwarded_at: null,
      forward_error: null,
    };
    await this.#d.repo.addErrorReport(row);
    const url = this.#d.slackWebhookUrl;
    const forwarded = url
      ? this.#d
          .post(url, slackMessage(row))
          .then(() => this.#d.repo.markForwarded(row.id, this.#d.now(), null))
          .catch(async (err: unknown) => {
            const reason = err instanceof Error ? err.message : String(err);
            this.#d.log.warn({ reason }, 'error report not forwarded to Slack');
            await this.#d.repo.markForwarded(row.id, null, reason.slice(0, 500)).catch(() => undefined);
          })
      : Promise.resolve();
    return { id: row.id, forwarded };
  }

  async usage(uid: string, body: UsageLogBody, meta: ClientMeta): Promise<void> {
    await this.#d.repo.addUsageLog({
      id: randomId(),
      uid,
      type: body.type,
      host: body.val.host,
      fingerprint: body.val.fingerprint,
      instance: body.val.instance,
      version: body.val.version,
      url: redactSecrets(body.val.url),
      window_size: body.val.windowSize,
      client_ip: meta.ip,
      user_agent: meta.userAgent?.slice(0, 512) ?? null,
      created_at: this.#d.now(),
    });
  }

  /** An account's error reports for support (decision 0721), newest first, a page at a time. */
  async errorReportsOf(uid: string, before: string | undefined): Promise<SupportErrorReportPage> {
    const rows = await this.#d.repo.errorReportsOf(uid, parseCursor(before), SUPPORT_LOG_PAGE_SIZE + 1);
    return {
      reports: rows.slice(0, SUPPORT_LOG_PAGE_SIZE).map((r) => ({
        id: r.id,
        createdAt: Number(r.created_at),
        identifier: r.identifier,
        href: r.href,
        message: r.message,
        userAgent: r.user_agent,
      })),
      next: nextCursor(rows),
    };
  }

  /** An account's usage logs for support (decision 0721), newest first, a page at a time. */
  async usageLogsOf(uid: string, before: string | undefined): Promise<SupportUsageLogPage> {
    const rows = await this.#d.repo.usageLogsPage(uid, parseCursor(before), SUPPORT_LOG_PAGE_SIZE + 1);
    return {
      logs: rows.slice(0, SUPPORT_LOG_PAGE_SIZE).map((r) => ({
        id: r.id,
        createdAt: Number(r.created_at),
        type: r.type,
        url: r.url,
        version: r.version,
        windowSize: r.window_size,
        userAgent: r.user_agent,
      })),
      next: nextCursor(rows),
    };
  }

  /** Error reports per minute over the last `windowMs` (every account): the health screen's rate and alert. */
  async errorRatePerMin(windowMs: number): Promise<number> {
    const n = await this.#d.repo.errorReportsSince(this.#d.now() - windowMs);
    return (n * 60_000) / windowMs;
  }
}

/** `createdAt:id` of the row a page ended before (contracts' SupportLogQuery checked its form). */
function parseCursor(before: string | undefined): LogCursor | undefined {
  if (!before) return undefined;
  const colon = before.indexOf(':');
  return { createdAt: Number(before.slice(0, colon)), id: before.slice(colon + 1) };
}

/** A page read one row more than it shows: that row says whether an older page exists. */
function nextCursor(rows: readonly { created_at: number | bigint; id: string }[]): string | null {
  const last = rows.length > SUPPORT_LOG_PAGE_SIZE ? rows[SUPPORT_LOG_PAGE_SIZE - 1] : undefined;
  return last ? `${Number(last.created_at)}:${last.id}` : null;
}

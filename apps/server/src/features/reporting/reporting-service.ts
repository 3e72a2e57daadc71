import type { UsageLogBody, WebErrorReport } from '@vigil/contracts';
import type { FastifyBaseLogger } from 'fastify';
import { randomId } from '../../shared/random.ts';
import type { ReportingRepository } from './reporting-repository.ts';
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
}

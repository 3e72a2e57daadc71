import type { HealthAlert } from '@vigil/contracts';
import type { FastifyBaseLogger } from 'fastify';
import { type AlertPlace, alertChatText, alertMail } from './alert-messages.ts';
import type { AlertStatesRepository } from './alert-states-repository.ts';

/** How often the rules are evaluated for notifying (decision 0711). */
export const HEALTH_ALERT_CHECK_MS = 30_000;
/** How long a chat webhook may take to answer. */
const WEBHOOK_TIMEOUT_MS = 5_000;

/** Rules each process measures for itself (its own disk, its own NATS connection): told per process. */
const PER_PROCESS: ReadonlySet<HealthAlert['id']> = new Set(['disk_over_watermark', 'nats_down']);

export interface HealthAlertNotifierDeps {
  /** The rules evaluated now (the health screen's service). */
  alerts: () => Promise<HealthAlert[]>;
  states: AlertStatesRepository;
  mail: (m: { to: string; subject: string; text: string }) => Promise<void>;
  supportEmail: string;
  /** ALERT_WEBHOOK_URL: a Slack-compatible incoming webhook (JSON `{ text }`). */
  webhookUrl: string | undefined;
  region: string;
  /** This process's name (RECORDER_ID: host:port unless set). */
  instance: string;
  log: FastifyBaseLogger;
  now: () => number;
}

/**
 * Tells support when a health alert rule starts firing and when it resolves, once each (decision 0711): by e-mail to
 * SUPPORT_EMAIL and to the chat webhook. Each process evaluates the rules; the change is told by the one that
 * claims it in `health_alert_states`, so several servers tell it once, and a restarted server does not tell again
 * what was told. A rule not measured here (value null) is left alone. While the database is away nothing can be
 * claimed (nor the e-mail's outbox written): the process tells the webhook from what it saw itself, and the
 * resolve that follows too.
 */
export class HealthAlertNotifier {
  readonly #d: HealthAlertNotifierDeps;
  /** What this process last saw of each alert key, and whether it told that without a claim. */
  readonly #seen = new Map<string, { firing: boolean; unclaimed: boolean }>();
  #timer: NodeJS.Timeout | undefined;
  #running: Promise<void> | undefined;

  constructor(d: HealthAlertNotifierDeps) {
    this.#d = d;
  }

  start(intervalMs = HEALTH_ALERT_CHECK_MS): void {
    this.#timer = setInterval(() => void this.check(), intervalMs);
    this.#timer.unref();
  }

  async stop(): Promise<void> {
    clearInterval(this.#timer);
    await this.#running;
  }

  /** Evaluates the rules once and tells what changed (one check at a time). */
  async check(): Promise<void> {
    if (this.#running) return this.#running;
    this.#running = this.#check()
      .catch((err) => this.#d.log.warn({ err }, 'health alerts not evaluated'))
      .finally(() => {
        this.#running = undefined;
      });
    return this.#running;
  }

  async #check(): Promise<void> {
    for (const alert of await this.#d.alerts()) {
      if (alert.value === null) continue;
      const place: AlertPlace = {
        region: this.#d.region,
        instance: PER_PROCESS.has(alert.id) ? this.#d.instance : undefined,
      };
      const key = place.instance ? `${alert.id}@${place.instance}` : alert.id;
      const before = this.#seen.get(key);
      if (before?.firing === alert.firing) continue;
      const told = await this.#claim(key, alert.firing, before);
      this.#seen.set(key, { firing: alert.firing, unclaimed: told === 'unclaimed' });
      if (told) await this.#tell(alert, place);
    }
  }

  /** Whether to tell this change: claimed, or (database away) told on this process's own sight. */
  async #claim(key: string, firing: boolean, before: { unclaimed: boolean } | undefined) {
    try {
      if (await this.#d.states.claim(key, firing, this.#d.now())) return 'claimed';
      // A start this process told without a claim: its resolve is this process's to tell too.
      return !firing && before?.unclaimed ? 'unclaimed' : false;
    } catch {
      // Only a change this process saw happen (not the first look after a start) is told unclaimed.
      return before ? 'unclaimed' : false;
    }
  }

  async #tell(alert: HealthAlert, place: AlertPlace): Promise<void> {
    const d = this.#d;
    d.log.warn({ alert: alert.id, firing: alert.firing, value: alert.value }, 'health alert changed');
    await Promise.all([
      d
        .mail({ to: d.supportEmail, ...alertMail(alert, place) })
        .catch((err) => d.log.warn({ err, alert: alert.id }, 'health alert e-mail not written')),
      d.webhookUrl ? this.#post(d.webhookUrl, alertChatText(alert, place)) : undefined,
    ]);
  }

  async #post(url: string, text: string): Promise<void> {
    try {
      const res = await fetch(url, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ text }),
        signal: AbortSignal.timeout(WEBHOOK_TIMEOUT_MS),
      });
      if (!res.ok) this.#d.log.warn({ status: res.status }, 'alert webhook refused the message');
    } catch (err) {
      this.#d.log.warn({ err: String(err) }, 'alert webhook not reached');
    }
  }
}

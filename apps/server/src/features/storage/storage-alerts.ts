import type { StorageState } from '@vigil/recorder';
import type { FastifyBaseLogger } from 'fastify';
import type { Mailer } from '../mail/mailer.ts';

/** Support hears of a full disk at most this often while it stays full (decision 0208). */
export const STORAGE_ALERT_EVERY_MS = 3_600_000;

export const STORAGE_ALERT_SUBJECT = 'Vigil: recordings storage full';

const gb = (bytes: number) => `${(bytes / 1024 ** 3).toFixed(2)} GB`;

export interface StorageAlertsDeps {
  mailer: Pick<Mailer, 'send' | 'sentSince'>;
  supportEmail: string;
  region: string;
  log: FastifyBaseLogger;
}

/**
 * Hears the storage watermark after each check (features/recording) and e-mails support while the disk is full,
 * at most once an hour. The last alert is looked up in the outbox, so a restart does not send another.
 */
export class StorageAlerts {
  readonly #d: StorageAlertsDeps;
  #queue: Promise<void> = Promise.resolve();

  constructor(d: StorageAlertsDeps) {
    this.#d = d;
  }

  report(state: StorageState): void {
    if (state.state !== 'full') return;
    this.#queue = this.#queue
      .then(() => this.#alert(state))
      .catch((err: unknown) => {
        // The database may share the full disk; the next check tries again.
        this.#d.log.error({ err: String(err) }, 'storage alert not recorded');
      });
  }

  /** Resolves once the alerts asked for so far are handled (tests). */
  settled(): Promise<void> {
    return this.#queue;
  }

  async #alert(state: StorageState): Promise<void> {
    const since = Date.now() - STORAGE_ALERT_EVERY_MS;
    if (await this.#d.mailer.sentSince(this.#d.supportEmail, STORAGE_ALERT_SUBJECT, since)) return;
    await this.#d.mailer.send({
      to: this.#d.supportEmail,
      subject: STORAGE_ALERT_SUBJECT,
      text: [
        `The recordings disk of region ${this.#d.region} cannot be kept free, even with every deletable recording deleted.`,
        `Free: ${gb(state.freeBytes)} of ${gb(state.totalBytes)}; the watermark keeps ${gb(state.requiredFreeBytes)} free.`,
        'Something other than recordings fills the disk. Cameras keep recording into what space is left, oldest',
        'footage first to go, and report "storage full" until space is freed.',
      ].join('\n'),
    });
  }
}

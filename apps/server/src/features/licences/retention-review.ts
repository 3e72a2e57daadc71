import type { Uidd } from '@vigil/contracts';
import type { FastifyBaseLogger } from 'fastify';
import type { CameraSettings } from '../cameras/camera-settings.ts';
import type { Mailer } from '../mail/mailer.ts';
import type { CameraLookup } from '../recording/directory-source.ts';
import type { LicencesService } from './licences-service.ts';

/** How often the cameras' days are held against the licences: the recorder's retention sweep runs as often. */
export const RETENTION_REVIEW_INTERVAL_MS = 600_000;

export const PLAN_ENDING_SUBJECT = 'Vigil: when your plan ends, older recordings will be deleted';

export interface RetentionReviewDeps {
  /** The cameras as stored (their own days, not yet held to the licence). */
  cameras: Pick<CameraLookup, 'installed'>;
  settings: Pick<CameraSettings, 'capStorageDaysOf'>;
  licences: Pick<LicencesService, 'storageDays' | 'defaultStorageDays'>;
  mailer: Pick<Mailer, 'send'>;
  emailOf: (uid: string) => Promise<string | undefined>;
  log: FastifyBaseLogger;
}

/**
 * Retention re-checked against the licences (decision 0717). A plan that lapses is noticed when its subscription
 * is next read, which nothing does for an account nobody uses: so every RETENTION_REVIEW_INTERVAL_MS the review
 * reads each owner's licence (settling lapsed plans) and caps the cameras that keep more days than it allows;
 * each capped camera is told to the recorder, whose next sweep deletes what is now too old. The owner is warned
 * when the cancellation is asked, with the date and the days that will be kept (`warnPlanEnding`).
 */
export class RetentionReview {
  readonly #d: RetentionReviewDeps;
  #timer: NodeJS.Timeout | undefined;
  #running: Promise<Uidd[]> | undefined;
  constructor(d: RetentionReviewDeps) {
    this.#d = d;
  }

  /** One pass: the cameras capped, for every owner whose licence allows fewer days than a camera keeps. */
  review(): Promise<Uidd[]> {
    // One pass at a time: a slow database must not pile passes up.
    this.#running ??= this.#pass().finally(() => {
      this.#running = undefined;
    });
    return this.#running;
  }

  async #pass(): Promise<Uidd[]> {
    const cameras = await this.#d.cameras.installed();
    const capped: Uidd[] = [];
    for (const owner of new Set(cameras.map((c) => c.owner))) {
      const days = await this.#d.licences.storageDays(owner);
      if (days === undefined || !cameras.some((c) => c.owner === owner && c.cloudStorageDays > days))
        continue;
      const uidds = await this.#d.settings.capStorageDaysOf(owner, days);
      this.#d.log.info({ owner, days, cameras: uidds.length }, 'retention held to the licence');
      capped.push(...uidds);
    }
    return capped;
  }

  /**
   * A cancellation was asked (features/billing): the plan runs to `endsAtMs`, then the account's default days
   * apply. The owner is told now, while there is time to download or to keep the plan.
   */
  async warnPlanEnding(owner: string, endsAtMs: number, planDays: number): Promise<void> {
    const days = await this.#d.licences.defaultStorageDays(owner);
    const to = await this.#d.emailOf(owner);
    if (days === undefined || !to || days >= planDays) return;
    const date = new Date(endsAtMs).toISOString().slice(0, 10);
    await this.#d.mailer.send({
      to,
      subject: PLAN_ENDING_SUBJECT,
      text: [
        `Your plan ends on ${date} (UTC). After that, your cameras keep ${days} days of video instead of ${planDays}:`,
        `recordings older than ${days} days will be deleted within minutes of the plan ending.`,
        'Download what you want to keep before then, or keep your plan from the billing page until that date.',
      ].join('\n'),
    });
  }

  start(): void {
    this.#timer ??= setInterval(() => {
      this.review().catch((err: unknown) =>
        this.#d.log.error({ err: String(err) }, 'retention review failed'),
      );
    }, RETENTION_REVIEW_INTERVAL_MS);
    this.#timer.unref();
  }

  stop(): void {
    clearInterval(this.#timer);
    this.#timer = undefined;
  }
}

import type { Consents, ConsentsBody } from '@vigil/contracts';
import type { ConsentsRepository } from './consents-repository.ts';

/**
 * The account's consents (decision 0743): model training on its footage, and its cameras in partner demos. No row
 * is no consent: both are off until the account turns them on. Withdrawing training consent tells `onWithdrawn`,
 * which deletes what was kept for training (the labels feature's training samples).
 */
export class ConsentService {
  readonly #repo: ConsentsRepository;
  readonly #now: () => number;
  readonly #onWithdrawn: ((uid: string) => Promise<void>) | undefined;
  readonly #demoUid: () => Promise<string | undefined>;
  constructor(d: {
    repo: ConsentsRepository;
    now: () => number;
    /** The service's demo account (auth's). */
    demoUid: () => Promise<string | undefined>;
    onTrainingWithdrawn?: (uid: string) => Promise<void>;
  }) {
    this.#repo = d.repo;
    this.#now = d.now;
    this.#demoUid = d.demoUid;
    this.#onWithdrawn = d.onTrainingWithdrawn;
  }

  async get(uid: string): Promise<Consents> {
    const row = await this.#repo.find(uid);
    return {
      aiTraining: row?.ai_training === 1,
      partnerDemo: row?.partner_demo === 1,
      updatedAt: row ? Number(row.updated_at) : null,
    };
  }

  async set(uid: string, by: string, body: ConsentsBody): Promise<Consents> {
    const was = await this.get(uid);
    const aiTraining = body.aiTraining ?? was.aiTraining;
    const partnerDemo = body.partnerDemo ?? was.partnerDemo;
    await this.#repo.put({
      uid,
      ai_training: aiTraining ? 1 : 0,
      partner_demo: partnerDemo ? 1 : 0,
      updated_by: by,
      updated_at: this.#now(),
    });
    if (was.aiTraining && !aiTraining) await this.#onWithdrawn?.(uid);
    return this.get(uid);
  }

  /** Whether the analytics pipeline may keep this account's footage to train models. */
  async aiTraining(uid: string): Promise<boolean> {
    return (await this.get(uid)).aiTraining;
  }

  /** Whether this account's cameras may be shown in partner demos. */
  async partnerDemo(uid: string): Promise<boolean> {
    return (await this.get(uid)).partnerDemo;
  }

  /**
   * The demo account, when its cameras may be shown in partner demos. It is the operator's own account, so it
   * consents until someone withdraws (a row saying no); any other account must have said yes.
   */
  async demoIfConsenting(): Promise<string | undefined> {
    const demoUid = await this.#demoUid();
    if (!demoUid) return undefined;
    const c = await this.get(demoUid);
    return c.updatedAt === null || c.partnerDemo ? demoUid : undefined;
  }
}

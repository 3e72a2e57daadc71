import { splitUidd, type TakeawaySettings, type Uidd, type WebhookSecret } from '@vigil/contracts';
import { badRequest } from '../../http/errors.ts';
import type { Caller } from '../../shared/caller.ts';
import type { CameraAccess } from '../access/camera-access.ts';
import type { OrderAccess } from './order-access.ts';
import type { OrdersRepository } from './orders-repository.ts';
import { newWebhookSecret } from './signature.ts';

/** The webhook's path for an account (features/orders/webhook-routes.ts serves it). */
export const webhookPath = (uid: string): string => `/takeaway/webhook/${encodeURIComponent(uid)}`;

/** An account's till camera and webhook secret (decisions 0840, 0841): the owner's and co-owners' to change. */
export class TakeawaySettingsService {
  readonly #repo: OrdersRepository;
  readonly #access: OrderAccess;
  readonly #cameras: CameraAccess;
  readonly #now: () => number;
  constructor(d: { repo: OrdersRepository; access: OrderAccess; cameras: CameraAccess; now: () => number }) {
    this.#repo = d.repo;
    this.#access = d.access;
    this.#cameras = d.cameras;
    this.#now = d.now;
  }

  async get(caller: Caller, uid: string): Promise<TakeawaySettings> {
    await this.#access.require(caller, uid, 'read');
    const row = await this.#repo.account(uid);
    return {
      tillCamera: row?.till_camera_uidd ?? null,
      webhookPath: webhookPath(uid),
      secretCreatedAt: row?.secret_created_at === null || !row ? null : Number(row.secret_created_at),
    };
  }

  /** The till camera must be one of the account's own cameras whose recordings the caller may watch. */
  async setTillCamera(caller: Caller, uid: string, tillCamera: Uidd | null): Promise<TakeawaySettings> {
    await this.#access.require(caller, uid, 'configure');
    if (tillCamera !== null) {
      if (splitUidd(tillCamera).owner !== uid)
        throw badRequest('The till camera must be one of this account’s cameras');
      await this.#cameras.require(caller, tillCamera, 'viewRecorded');
    }
    await this.#repo.saveAccount(uid, { till_camera_uidd: tillCamera }, this.#now());
    return this.get(caller, uid);
  }

  /** A new secret replaces the old at once; the answer is the only place it is shown. */
  async rotateSecret(caller: Caller, uid: string): Promise<WebhookSecret> {
    await this.#access.require(caller, uid, 'configure');
    const secret = newWebhookSecret();
    const at = this.#now();
    await this.#repo.saveAccount(uid, { webhook_secret: secret, secret_created_at: at }, at);
    return { secret, secretCreatedAt: at };
  }
}

import {
  AnalyticsScheme,
  DEFAULT_LICENCES,
  type LicencePlan,
  type Licences,
  type PlanResolution,
  type RecordingResolution,
} from '@vigil/contracts';
import { HttpError, notFound } from '../../http/errors.ts';
import type { Caller } from '../../shared/caller.ts';
import type { AccountAccess } from '../access/account-access.ts';
import type { UserDirectory } from '../auth/user-directory.ts';
import type { CameraSettings } from '../cameras/camera-settings.ts';

/** Resolutions in increasing order (decision 0309's classes); a plan covers its own and every smaller one. */
const RANK: Record<RecordingResolution, number> = { SD: 0, '1MP': 1, '2MP': 2, '4MP': 3, '8MP': 4 };

export const planCovers = (max: PlanResolution, r: RecordingResolution): boolean => RANK[r] <= RANK[max];

/** A refusal of the licences, answered 403 with the message also as `err` (spec 001 §5, §8; decision 0700). */
const refusal = (
  code: 'licence_limit_reached' | 'licence_plan_limited' | 'licence_feature_limited',
  m: string,
) => new HttpError(403, code, m, {}, true);

/** What a running subscription licenses (billing's `SubscriptionLicence`), read when an account's licences are. */
export type PaidPlan = (
  accountId: string,
) => Promise<(Omit<LicencePlan, 'analytics'> & { analytics: readonly string[] }) | undefined>;

/**
 * A paid plan replaces the default one (its cameras, storage, resolution: what was paid for), and its add-ons come
 * on top of the default analytics (object labels are in every plan; a paid plan never loses them).
 */
export function licencePlan(fallback: LicencePlan, paid: Awaited<ReturnType<PaidPlan>>): LicencePlan {
  if (!paid) return fallback;
  const addOns = paid.analytics.flatMap((a) => {
    const scheme = AnalyticsScheme.safeParse(a);
    return scheme.success ? [scheme.data] : [];
  });
  return { ...paid, analytics: [...new Set([...fallback.analytics, ...addOns])] };
}

/**
 * What an account may use (spec 001 §7 `GET /account/{id}/licenses`) and the checks every write that could
 * exceed it makes. Licences come from the default plan of the account's type until plans exist (decision 0700).
 */
export class LicencesService {
  readonly #users: Pick<UserDirectory, 'accountTypeOf'>;
  readonly #cameras: Pick<CameraSettings, 'countCloudRecording'>;
  readonly #access: Pick<AccountAccess, 'roleOn'>;
  readonly #plan: PaidPlan | undefined;
  constructor(d: {
    users: Pick<UserDirectory, 'accountTypeOf'>;
    cameras: Pick<CameraSettings, 'countCloudRecording'>;
    access: Pick<AccountAccess, 'roleOn'>;
    /** The account's running subscription as a plan (features/billing, decision 0741); none: the default. */
    plan?: PaidPlan | undefined;
  }) {
    this.#users = d.users;
    this.#cameras = d.cameras;
    this.#access = d.access;
    this.#plan = d.plan;
  }

  /** The owner, support and the account's members with any level but none may read them; others: 404. */
  async get(caller: Caller, accountId: string): Promise<Licences> {
    const role = await this.#access.roleOn(caller, accountId);
    if (!role || (role.kind === 'member' && role.level === 'none')) throw notFound('Account not found');
    return this.of(accountId);
  }

  /** The storage days the owner's licence allows; undefined when the account is gone (decision 0706). */
  async storageDays(owner: string): Promise<number | undefined> {
    const type = await this.#users.accountTypeOf(owner);
    if (!type) return undefined;
    return licencePlan(DEFAULT_LICENCES[type], await this.#plan?.(owner)).storageDays;
  }

  /** The storage days of the account's type without a subscription (what a cancelled plan falls back to). */
  async defaultStorageDays(owner: string): Promise<number | undefined> {
    const type = await this.#users.accountTypeOf(owner);
    return type ? DEFAULT_LICENCES[type].storageDays : undefined;
  }

  async of(accountId: string): Promise<Licences> {
    const type = await this.#users.accountTypeOf(accountId);
    if (!type) throw notFound('Account not found');
    const plan = licencePlan(DEFAULT_LICENCES[type], await this.#plan?.(accountId));
    return {
      accountId,
      ...plan,
      analytics: [...plan.analytics],
      cloudCamerasUsed: await this.#cameras.countCloudRecording(accountId),
    };
  }

  /** Turning one more camera's cloud recording on: refused at the plan's camera count. */
  async requireCloudSlot(owner: string): Promise<void> {
    const l = await this.of(owner);
    if (l.cloudCamerasUsed >= l.cloudCameras)
      throw refusal(
        'licence_limit_reached',
        `Licence limit reached: your plan records ${l.cloudCameras} cameras to the cloud. Upgrade to add more.`,
      );
  }

  /** Recording at a resolution the plan does not cover: refused as plan limited. */
  async requireResolution(owner: string, r: RecordingResolution): Promise<void> {
    const l = await this.of(owner);
    if (!planCovers(l.maxResolution, r))
      throw refusal(
        'licence_plan_limited',
        `Your plan records up to ${l.maxResolution}; upgrade to record at ${r}.`,
      );
  }

  /** An analytics add-on the plan does not include: refused as feature limited. */
  async requireAnalytics(owner: string, scheme: AnalyticsScheme): Promise<void> {
    const l = await this.of(owner);
    if (!l.analytics.includes(scheme))
      throw refusal(
        'licence_feature_limited',
        `Your plan does not include ${scheme} analytics. Upgrade to add it.`,
      );
  }
}

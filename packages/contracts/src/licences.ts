import { z } from 'zod';

/**
 * Licences of an account (spec 001 §7 `GET /account/{id}/licenses`, response not shown; decision 0700): what the
 * account may use. Until plans and billing exist they come from one default plan per account type,
 * DEFAULT_LICENCES, the one place to change them.
 */

/** The spec's licence errors (000 §8, 001 §8): limit reached, plan limited, feature limited, please upgrade. */
export const LICENCE_ERROR_CODES = [
  'licence_limit_reached',
  'licence_plan_limited',
  'licence_feature_limited',
  'licence_upgrade',
] as const;
export type LicenceErrorCode = (typeof LICENCE_ERROR_CODES)[number];

/** The analytics schemes a camera can run (spec 001 §1 add-ons; `analyticsScheme` of §3). */
export const ANALYTICS_SCHEMES = ['objects', 'vehicles', 'people', 'ppe'] as const;
export const AnalyticsScheme = z.enum(ANALYTICS_SCHEMES);
export type AnalyticsScheme = z.infer<typeof AnalyticsScheme>;

/** The largest recording resolutions a plan may allow (spec 001 §9 plans: 2MP, 4MP, 8MP). */
export const PlanResolution = z.enum(['2MP', '4MP', '8MP']);
export type PlanResolution = z.infer<typeof PlanResolution>;

export const Licences = z.object({
  accountId: z.string(),
  /** Which plan gave them: `default-<account type>` until the plans issue. */
  plan: z.string(),
  /** How many cameras may record to the cloud at once. */
  cloudCameras: z.number().int(),
  /** How many of them record now. */
  cloudCamerasUsed: z.number().int(),
  /** Days of recordings kept. */
  storageDays: z.number().int(),
  /** The largest recording resolution (nvrmode) the plan covers. */
  maxResolution: PlanResolution,
  /** The analytics add-ons included. */
  analytics: z.array(AnalyticsScheme),
});
export type Licences = z.infer<typeof Licences>;

export type LicencePlan = Omit<Licences, 'accountId' | 'cloudCamerasUsed'>;

/** The default plan of each account type (u end user, i installer, d distributor, s support). */
export const DEFAULT_LICENCES: Record<'u' | 'i' | 'd' | 's', LicencePlan> = {
  u: {
    plan: 'default-u',
    cloudCameras: 16,
    storageDays: 30,
    maxResolution: '4MP',
    analytics: ['objects'],
  },
  i: {
    plan: 'default-i',
    cloudCameras: 64,
    storageDays: 30,
    maxResolution: '8MP',
    analytics: ['objects'],
  },
  d: {
    plan: 'default-d',
    cloudCameras: 64,
    storageDays: 30,
    maxResolution: '8MP',
    analytics: ['objects'],
  },
  s: {
    plan: 'default-s',
    cloudCameras: 16,
    storageDays: 30,
    maxResolution: '8MP',
    analytics: ['objects'],
  },
};

export const LicencesParams = z.strictObject({ id: z.string().min(1).max(64) });

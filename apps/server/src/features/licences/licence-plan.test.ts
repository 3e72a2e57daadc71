import { describe, expect, it } from 'vitest';
import { licencePlan } from './licences-service.ts';

const DEFAULT_U = {
  plan: 'default-u',
  cloudCameras: 16,
  storageDays: 30,
  maxResolution: '4MP' as const,
  analytics: ['objects' as const],
};

describe('licencePlan (decision 0741: a paid plan replaces the default one)', () => {
  it('keeps the default when nothing is paid for', () => {
    expect(licencePlan(DEFAULT_U, undefined)).toEqual(DEFAULT_U);
  });

  it('takes the paid cameras, storage and resolution, even below the default, and adds its add-ons', () => {
    const paid = {
      plan: 'subscription-8MP-continuous-60d',
      cloudCameras: 3,
      storageDays: 60,
      maxResolution: '8MP' as const,
      analytics: ['vehicles', 'no-such-add-on'],
    };
    expect(licencePlan(DEFAULT_U, paid)).toEqual({
      plan: 'subscription-8MP-continuous-60d',
      cloudCameras: 3,
      storageDays: 60,
      maxResolution: '8MP',
      analytics: ['objects', 'vehicles'],
    });
  });
});

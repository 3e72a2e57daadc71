import { useQuery } from '@tanstack/react-query';
import { PricingData } from '@vigil/contracts';
import { apiFetch } from '../../../shared/api/client.ts';
import { billingKeys } from './keys.ts';

/** GET /pricing?currency=: the price list for the visitor's country, in their currency or the one chosen. */
export const getPricing = (currency: string | undefined): Promise<PricingData> =>
  apiFetch('/pricing', PricingData, { query: { currency }, anonymous: true });

export const usePricing = (currency: string | undefined, enabled = true) =>
  useQuery({
    queryKey: billingKeys.pricing(currency),
    queryFn: () => getPricing(currency),
    staleTime: 600_000,
    enabled,
  });

/**
 * GET /pricing?forUid=: the list a customer's plan changes are priced with, for its installer or distributor
 * (decision 0854), in the currency its subscription is billed in (`null`: the requester's, for a first plan, decision
 * 0873). Sent with the session: the server checks it.
 */
export const usePricingFor = (uid: string, currency: string | null | undefined) =>
  useQuery({
    queryKey: billingKeys.pricingFor(uid, currency ?? ''),
    queryFn: () =>
      apiFetch('/pricing', PricingData, { query: { currency: currency ?? undefined, forUid: uid } }),
    enabled: currency !== undefined,
    staleTime: 600_000,
  });

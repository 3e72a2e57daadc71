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

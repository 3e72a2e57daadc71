import { PER_CAMERA_PRICE, type PlanSelection, priceOf } from '@vigil/contracts';
import { useState } from 'react';
import { useGeo } from './api/get-geo.ts';
import { usePricing } from './api/get-pricing.ts';
import { DEFAULT_PLAN } from './plan-format.ts';

/**
 * A plan being chosen: the visitor's currency from geolocation (switchable), the price list for it, the selection
 * and its live price, computed with the same rules the server prices with.
 */
export function usePlanDraft(initial: PlanSelection = DEFAULT_PLAN) {
  const geo = useGeo();
  const [chosen, setCurrency] = useState<string>();
  const located = geo.data?.currency.code;
  const currency = chosen ?? (located && located in PER_CAMERA_PRICE ? located : 'USD');
  const pricing = usePricing(currency, !geo.isPending);
  const [plan, setPlan] = useState<PlanSelection>(initial);
  const price = pricing.data ? priceOf(pricing.data, plan) : undefined;
  return { currency, setCurrency, pricing, plan, setPlan, price };
}

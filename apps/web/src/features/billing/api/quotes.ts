import { useMutation, useQuery } from '@tanstack/react-query';
import { type PlanSelection, Quote } from '@vigil/contracts';
import { apiFetch } from '../../../shared/api/client.ts';
import { billingKeys } from './keys.ts';

/** POST /quotes: prices a plan and fixes the price (decision 0741). */
export const createQuote = (plan: PlanSelection, currency: string): Promise<Quote> =>
  apiFetch('/quotes', Quote, { method: 'POST', body: { plan, currency } });

/** GET /quotes/:id: a quote link, readable by whoever holds it. */
export const getQuote = (id: string): Promise<Quote> =>
  apiFetch(`/quotes/${encodeURIComponent(id)}`, Quote, { anonymous: true });

export const useQuote = (id: string) =>
  useQuery({ queryKey: billingKeys.quote(id), queryFn: () => getQuote(id) });
export const useCreateQuote = () =>
  useMutation({
    mutationFn: (v: { plan: PlanSelection; currency: string }) => createQuote(v.plan, v.currency),
  });

import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  FirstPlanResult,
  MaybeSubscription,
  PlanChangePreview,
  type PlanSelection,
  Subscription,
} from '@vigil/contracts';
import { z } from 'zod';
import { apiFetch } from '../../../shared/api/client.ts';
import { billingKeys } from './keys.ts';

const base = (uid: string) => `/account/${encodeURIComponent(uid)}/subscription`;
const One = z.object({ subscription: Subscription });
const Changed = z.object({ subscription: Subscription, due: z.number() });

/** GET /account/:uid/subscription: the plan, or null before the first payment. */
export const getSubscription = (uid: string) => apiFetch(base(uid), MaybeSubscription);
export const changePlan = (uid: string, plan: PlanSelection) =>
  apiFetch(base(uid), Changed, { method: 'PUT', body: { plan } });
/** POST /account/:uid/subscription/preview: what a change would cost now and take away (decision 0853). */
export const previewPlanChange = (uid: string, plan: PlanSelection) =>
  apiFetch(`${base(uid)}/preview`, PlanChangePreview, { method: 'POST', body: { plan } });
/** cancel: pending cancellation until the period ends; reinstate: active again (spec 001 §4). */
export const subscriptionAction = (uid: string, action: 'cancel' | 'reinstate') =>
  apiFetch(`${base(uid)}/${action}`, One, { method: 'POST' });

/**
 * POST /account/:uid/subscription/first: a customer's first plan, chosen by its installer or distributor and
 * invoiced to the customer, who pays it to start it (decision 0873).
 */
export function useStartFirstPlan(uid: string) {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (v: { plan: PlanSelection; currency: string }) =>
      apiFetch(`${base(uid)}/first`, FirstPlanResult, { method: 'POST', body: v }),
    onSuccess: () => qc.invalidateQueries({ queryKey: billingKeys.all }),
  });
}

export const useSubscription = (uid: string) =>
  useQuery({ queryKey: billingKeys.subscription(uid), queryFn: () => getSubscription(uid) });

export function useChangePlan(uid: string) {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (plan: PlanSelection) => changePlan(uid, plan),
    onSuccess: () => qc.invalidateQueries({ queryKey: billingKeys.all }),
  });
}

export function useSubscriptionAction(uid: string) {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (action: 'cancel' | 'reinstate') => subscriptionAction(uid, action),
    onSuccess: (r) => qc.setQueryData(billingKeys.subscription(uid), { subscription: r.subscription }),
  });
}

export const usePlanPreview = (uid: string) =>
  useMutation({ mutationFn: (plan: PlanSelection) => previewPlanChange(uid, plan) });

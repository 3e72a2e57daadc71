import { type QueryClient, useMutation, useQueryClient } from '@tanstack/react-query';
import { Payment } from '@vigil/contracts';
import { apiFetch } from '../../../shared/api/client.ts';
import { completeSelfRegStep } from '../../../shared/session/session-actions.ts';
import { sessionStore } from '../../../shared/session/store.ts';
import { forgetQuote } from '../pending-quote.ts';
import { billingKeys } from './keys.ts';

export interface Card {
  number: string;
  expiry: string;
  cvc: string;
}

/** POST /account/:uid/invoices/:id/pay with the built-in test provider (decision 0741). */
export const payInvoice = (uid: string, id: string, card: Card): Promise<Payment> =>
  apiFetch(`/account/${encodeURIComponent(uid)}/invoices/${encodeURIComponent(id)}/pay`, Payment, {
    method: 'POST',
    body: { provider: 'test', card },
  });

/**
 * After any payment (card or PayPal): a plan's first invoice drops the payment step from the session ("mark a
 * self-registration step complete", spec 000 §4) and the remembered quote; billing's data is read again.
 */
export function onPaid(qc: QueryClient, p: Payment): Promise<void> {
  if (p.invoice.kind === 'subscription') {
    sessionStore.update((s) => completeSelfRegStep(s, 'payment'));
    forgetQuote();
  }
  return qc.invalidateQueries({ queryKey: billingKeys.all });
}

/** Where a paid invoice leads: a first plan to the success page, a change or renewal back to the plan. */
export const afterPayment = (p: Payment, managePlan: string): string =>
  p.invoice.kind === 'subscription' ? '/app-register-success' : `${managePlan}/plan`;

/** Pays with a card through the provider. */
export function usePayInvoice(uid: string, id: string) {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (card: Card) => payInvoice(uid, id, card),
    onSuccess: (p) => onPaid(qc, p),
  });
}

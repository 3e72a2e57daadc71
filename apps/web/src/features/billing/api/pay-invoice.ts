import { useMutation, useQueryClient } from '@tanstack/react-query';
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

/** Pays, then drops the payment step from the session ("mark a self-registration step complete", spec 000 §4). */
export function usePayInvoice(uid: string, id: string) {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (card: Card) => payInvoice(uid, id, card),
    onSuccess: (p) => {
      if (p.invoice.kind === 'subscription') {
        sessionStore.update((s) => completeSelfRegStep(s, 'payment'));
        forgetQuote();
      }
      return qc.invalidateQueries({ queryKey: billingKeys.all });
    },
  });
}

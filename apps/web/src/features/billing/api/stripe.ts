import { useMutation, useQueryClient } from '@tanstack/react-query';
import { HostedCheckoutAnswer, Payment } from '@vigil/contracts';
import { apiFetch } from '../../../shared/api/client.ts';
import { onPaid } from './pay-invoice.ts';

const base = (uid: string, id: string) =>
  `/account/${encodeURIComponent(uid)}/invoices/${encodeURIComponent(id)}/stripe`;

/** POST …/stripe (decision 0750): the payment provider's hosted page to type the card on. */
export const startStripe = (uid: string, id: string) =>
  apiFetch(base(uid, id), HostedCheckoutAnswer, { method: 'POST' });

/** POST …/stripe/confirm with the session id the hosted page sent the payer back with. */
export const confirmStripe = (uid: string, id: string, sessionId: string) =>
  apiFetch(`${base(uid, id)}/confirm`, Payment, { method: 'POST', body: { sessionId } });

export const useStartStripe = (uid: string, id: string) =>
  useMutation({ mutationFn: () => startStripe(uid, id) });

/** Confirms, then ends as a card payment does. */
export function useConfirmStripe(uid: string, id: string) {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (sessionId: string) => confirmStripe(uid, id, sessionId),
    onSuccess: (p) => onPaid(qc, p),
  });
}

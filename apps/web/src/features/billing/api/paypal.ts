import { useMutation, useQueryClient } from '@tanstack/react-query';
import { Payment, PayPalApprovalAnswer } from '@vigil/contracts';
import { apiFetch } from '../../../shared/api/client.ts';
import { onPaid } from './pay-invoice.ts';

const base = (uid: string, id: string) =>
  `/account/${encodeURIComponent(uid)}/invoices/${encodeURIComponent(id)}/paypal`;

/** POST …/paypal (decision 0745): where the payer approves the payment (PayPal's page; the stand-in's is ours). */
export const startPayPal = (uid: string, id: string) =>
  apiFetch(base(uid, id), PayPalApprovalAnswer, { method: 'POST' });

/** POST …/paypal/capture with the token PayPal sent back to /paypal-confirm. */
export const capturePayPal = (uid: string, id: string, token: string) =>
  apiFetch(`${base(uid, id)}/capture`, Payment, { method: 'POST', body: { token } });

export const useStartPayPal = (uid: string, id: string) =>
  useMutation({ mutationFn: () => startPayPal(uid, id) });

/** Captures, then ends as a card payment does. */
export function useCapturePayPal(uid: string, id: string) {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (token: string) => capturePayPal(uid, id, token),
    onSuccess: (p) => onPaid(qc, p),
  });
}

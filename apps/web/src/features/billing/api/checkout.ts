import { useMutation } from '@tanstack/react-query';
import { Checkout } from '@vigil/contracts';
import { apiFetch } from '../../../shared/api/client.ts';

/** POST /account/:uid/checkout { quoteId }: an open invoice for the quote, to pay on /payment. */
export const checkout = (uid: string, quoteId: string): Promise<Checkout> =>
  apiFetch(`/account/${encodeURIComponent(uid)}/checkout`, Checkout, { method: 'POST', body: { quoteId } });

export const useCheckout = (uid: string) =>
  useMutation({ mutationFn: (quoteId: string) => checkout(uid, quoteId) });

import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { type DisputeBody, Order, OrderDetail, type OrderFilter } from '@vigil/contracts';
import { z } from 'zod';
import { apiFetch } from '../../../shared/api/client.ts';
import { ORDERS_REFRESH_MS, orderKeys } from './keys.ts';

const base = (uid: string) => `/takeaway/${encodeURIComponent(uid)}`;

/** An account's orders placed in [from, to), newest first (GET /takeaway/{uid}/orders). */
export const useOrders = (uid: string, q: { from: number; to: number; status?: OrderFilter | undefined }) =>
  useQuery({
    queryKey: orderKeys.list(uid, q),
    queryFn: ({ signal }) =>
      apiFetch(`${base(uid)}/orders`, z.array(Order), {
        query: { from: q.from, to: q.to, status: q.status },
        signal,
      }),
    // A shop's screen left open: the point of sale's new orders show within half a minute.
    refetchInterval: ORDERS_REFRESH_MS,
  });

/** One order with its clip and dispute notes (GET /takeaway/{uid}/orders/{id}). */
export const useOrder = (uid: string, id: string) =>
  useQuery({
    queryKey: orderKeys.detail(uid, id),
    queryFn: ({ signal }) =>
      apiFetch(`${base(uid)}/orders/${encodeURIComponent(id)}`, OrderDetail, { signal }),
  });

/** Opens, wins or loses an order's dispute with a note (POST …/dispute); every order view refetches. */
export function useMoveDispute(uid: string, id: string) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (body: DisputeBody) =>
      apiFetch(`${base(uid)}/orders/${encodeURIComponent(id)}/dispute`, OrderDetail, {
        method: 'POST',
        body,
      }),
    onSuccess: (detail) => client.setQueryData(orderKeys.detail(uid, id), detail),
    onSettled: () => client.invalidateQueries({ queryKey: orderKeys.all }),
  });
}

import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { CustomerPrices } from '@vigil/contracts';
import { apiFetch } from '../../../shared/api/client.ts';
import { partnerKeys } from './keys.ts';

const url = (uid: string) => `/customers/${encodeURIComponent(uid)}/prices`;

/** GET /customers/:customerUid/prices: the customer's own share of its installer's list (decision 0746). */
export const useCustomerPrices = (uid: string) =>
  useQuery({
    queryKey: partnerKeys.prices(uid),
    queryFn: ({ signal }) => apiFetch(url(uid), CustomerPrices, { signal }),
    retry: false,
  });

/** Sets (percent) or resets (null) the customer's price in one currency, then shows the answer. */
export function useChangeCustomerPrice(uid: string) {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (v: { currency: string; percent: number | null }) =>
      v.percent === null
        ? apiFetch(`${url(uid)}/${v.currency}`, CustomerPrices, { method: 'DELETE' })
        : apiFetch(`${url(uid)}/${v.currency}`, CustomerPrices, {
            method: 'PUT',
            body: { percent: v.percent },
          }),
    onSuccess: (prices) => qc.setQueryData(partnerKeys.prices(uid), prices),
  });
}

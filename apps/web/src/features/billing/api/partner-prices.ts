import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { PartnerList, PartnerPriceLists } from '@vigil/contracts';
import { apiFetch } from '../../../shared/api/client.ts';
import { billingKeys } from './keys.ts';

const url = (installerId: string) => `/partners/${encodeURIComponent(installerId)}/price-lists`;

/** GET /partners/installers: the installers whose prices the caller sets (a distributor's own; support's all). */
export const listInstallers = () => apiFetch('/partners/installers', PartnerList);
/** GET /partners/:id/price-lists (decision 0744). */
export const getPriceLists = (installerId: string) => apiFetch(url(installerId), PartnerPriceLists);
export const setPriceList = (installerId: string, currency: string, percent: number) =>
  apiFetch(`${url(installerId)}/${currency}`, PartnerPriceLists, { method: 'PUT', body: { percent } });
export const resetPriceList = (installerId: string, currency: string) =>
  apiFetch(`${url(installerId)}/${currency}`, PartnerPriceLists, { method: 'DELETE' });

export const useInstallers = () =>
  useQuery({ queryKey: billingKeys.installers(), queryFn: listInstallers, select: (d) => d.partners });
export const usePriceLists = (installerId: string) =>
  useQuery({
    queryKey: billingKeys.priceLists(installerId),
    queryFn: () => getPriceLists(installerId),
    enabled: installerId !== '',
  });

/** Sets (percent) or resets (null) one currency's list, then shows the answer. */
export function useChangePriceList(installerId: string) {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (v: { currency: string; percent: number | null }) =>
      v.percent === null
        ? resetPriceList(installerId, v.currency)
        : setPriceList(installerId, v.currency, v.percent),
    onSuccess: (lists) => qc.setQueryData(billingKeys.priceLists(installerId), lists),
  });
}

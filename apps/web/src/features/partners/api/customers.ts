import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { type CreateCustomerBody, Customer, RegionalCustomer, RegionalCustomerList } from '@vigil/contracts';
import { apiFetch } from '../../../shared/api/client.ts';
import { partnerKeys } from './keys.ts';

/**
 * GET /regions/customers: an installer's own; a distributor's or support's for one installer; of every region of
 * the deployment, each with its region, and the regions that did not answer (decision 0618).
 */
export const useCustomers = (installerId?: string, enabled = true) =>
  useQuery({
    queryKey: partnerKeys.customers(installerId),
    queryFn: ({ signal }) =>
      apiFetch('/regions/customers', RegionalCustomerList, { signal, query: { installerId } }),
    retry: false,
    enabled,
  });

/**
 * GET /partners/customers/:customerUid, or with a region, GET /regions/customers/:region/:customerUid: a customer kept
 * in another region, asked of it by this region's server (decision 0620).
 */
export const useCustomer = (uid: string, region?: string) =>
  useQuery({
    queryKey: partnerKeys.customer(uid, region),
    queryFn: ({ signal }) =>
      region
        ? apiFetch(
            `/regions/customers/${encodeURIComponent(region)}/${encodeURIComponent(uid)}`,
            RegionalCustomer,
            { signal },
          )
        : apiFetch(`/partners/customers/${encodeURIComponent(uid)}`, Customer, { signal }),
    retry: false,
  });

/** POST /partners/customers: the owner is e-mailed an invitation to set a password. */
export function useCreateCustomer() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (body: CreateCustomerBody) =>
      apiFetch('/partners/customers', Customer, { method: 'POST', body }),
    onSuccess: () => qc.invalidateQueries({ queryKey: partnerKeys.all }),
  });
}

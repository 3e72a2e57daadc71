import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  type CreateCustomerBody,
  Customer,
  RegionalCustomer,
  RegionalCustomerList,
  RegionList,
} from '@vigil/contracts';
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

/**
 * GET /regions/list: the regions this server can make and read accounts in, its own first (decision 0858). One
 * region (the single-server default): no picker, no region tags.
 */
export const useRegions = () =>
  useQuery({
    queryKey: [...partnerKeys.all, 'regions'],
    queryFn: ({ signal }) => apiFetch('/regions/list', RegionList, { signal }),
    staleTime: Number.POSITIVE_INFINITY,
    retry: false,
  });

/**
 * A customer account in the customer's home region (decision 0858): this region's, POST /partners/customers as ever;
 * another's, POST /regions/customers/:region, made there through that region's API (decision 0620). The owner is
 * e-mailed an invitation.
 */
export function useCreateCustomer() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: ({
      region,
      body,
    }: {
      region?: string;
      body: CreateCustomerBody;
    }): Promise<RegionalCustomer | Customer> =>
      region
        ? apiFetch(`/regions/customers/${encodeURIComponent(region)}`, RegionalCustomer, {
            method: 'POST',
            body,
          })
        : apiFetch('/partners/customers', Customer, { method: 'POST', body }),
    onSuccess: () => qc.invalidateQueries({ queryKey: partnerKeys.all }),
  });
}

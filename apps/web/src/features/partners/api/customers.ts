import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { type CreateCustomerBody, Customer, CustomerList } from '@vigil/contracts';
import { apiFetch } from '../../../shared/api/client.ts';
import { partnerKeys } from './keys.ts';

/** GET /partners/customers: an installer's own; a distributor's or support's for one installer. */
export const useCustomers = (installerId?: string, enabled = true) =>
  useQuery({
    queryKey: partnerKeys.customers(installerId),
    queryFn: ({ signal }) =>
      apiFetch('/partners/customers', CustomerList, { signal, query: { installerId } }).then(
        (r) => r.customers,
      ),
    retry: false,
    enabled,
  });

/** GET /partners/customers/:customerUid */
export const useCustomer = (uid: string) =>
  useQuery({
    queryKey: partnerKeys.customer(uid),
    queryFn: ({ signal }) => apiFetch(`/partners/customers/${encodeURIComponent(uid)}`, Customer, { signal }),
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

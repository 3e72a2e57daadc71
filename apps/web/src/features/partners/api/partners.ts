import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { type CreatePartnerBody, Done, Partner, PartnerList } from '@vigil/contracts';
import { apiFetch } from '../../../shared/api/client.ts';
import { partnerKeys } from './keys.ts';

const path = (kind: 'i' | 'd') => (kind === 'd' ? '/partners/distributors' : '/partners/installers');

/** GET /partners/distributors (support) or /partners/installers (a distributor's own; support: all). */
export const partnersQuery = (kind: 'i' | 'd') =>
  queryOptions({
    queryKey: partnerKeys.partners(kind),
    queryFn: ({ signal }) => apiFetch(path(kind), PartnerList, { signal }).then((r) => r.partners),
    retry: false,
  });
export const usePartners = (kind: 'i' | 'd', enabled = true) => useQuery({ ...partnersQuery(kind), enabled });

/** GET /partners/:partnerId */
export const usePartner = (id: string) =>
  useQuery({
    queryKey: partnerKeys.partner(id),
    queryFn: ({ signal }) => apiFetch(`/partners/${encodeURIComponent(id)}`, Partner, { signal }),
    retry: false,
  });

/** POST /partners/distributors or /partners/installers: the new partner is e-mailed an invitation. */
export function useCreatePartner(kind: 'i' | 'd') {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (body: CreatePartnerBody) => apiFetch(path(kind), Partner, { method: 'POST', body }),
    onSuccess: () => qc.invalidateQueries({ queryKey: partnerKeys.all }),
  });
}

/** PUT /partners/:partnerId/suspended */
export function useSuspendPartner(id: string) {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (suspended: boolean) =>
      apiFetch(`/partners/${encodeURIComponent(id)}/suspended`, Partner, {
        method: 'PUT',
        body: { suspended },
      }),
    onSuccess: () => qc.invalidateQueries({ queryKey: partnerKeys.all }),
  });
}

/** POST /partners/:partnerId/invitation: a new set-password link to the partner's person. */
export const useResendInvitation = (id: string) =>
  useMutation({
    mutationFn: () => apiFetch(`/partners/${encodeURIComponent(id)}/invitation`, Done, { method: 'POST' }),
  });

import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { Consents, type ConsentsBody } from '@vigil/contracts';
import { apiFetch } from '../../../shared/api/client.ts';
import { billingKeys } from './keys.ts';

const url = (uid: string) => `/account/${encodeURIComponent(uid)}/consents`;

/** GET /account/:uid/consents (decision 0743). */
export const getConsents = (uid: string) => apiFetch(url(uid), Consents);
export const putConsents = (uid: string, body: ConsentsBody) =>
  apiFetch(url(uid), Consents, { method: 'PUT', body });

export const useConsents = (uid: string) =>
  useQuery({ queryKey: billingKeys.consents(uid), queryFn: () => getConsents(uid), enabled: uid !== '' });

export function useSetConsents(uid: string) {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (body: ConsentsBody) => putConsents(uid, body),
    onSuccess: (c) => qc.setQueryData(billingKeys.consents(uid), c),
  });
}

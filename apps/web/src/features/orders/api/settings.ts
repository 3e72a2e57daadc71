import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { TakeawaySettings, WebhookSecret } from '@vigil/contracts';
import { apiFetch } from '../../../shared/api/client.ts';
import { orderKeys } from './keys.ts';

const path = (uid: string) => `/takeaway/${encodeURIComponent(uid)}/settings`;

/** The account's till camera and webhook (GET /takeaway/{uid}/settings). */
export const useTakeawaySettings = (uid: string) =>
  useQuery({
    queryKey: orderKeys.settings(uid),
    queryFn: ({ signal }) => apiFetch(path(uid), TakeawaySettings, { signal }),
  });

/** Sets the till camera (PUT /takeaway/{uid}/settings). */
export function useSetTillCamera(uid: string) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (tillCamera: string | null) =>
      apiFetch(path(uid), TakeawaySettings, { method: 'PUT', body: { tillCamera } }),
    onSuccess: (s) => client.setQueryData(orderKeys.settings(uid), s),
  });
}

/** A new webhook secret (POST …/settings/secret): the answer is the only time it is shown. */
export function useRotateSecret(uid: string) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: () => apiFetch(`${path(uid)}/secret`, WebhookSecret, { method: 'POST', body: {} }),
    onSettled: () => client.invalidateQueries({ queryKey: orderKeys.settings(uid) }),
  });
}

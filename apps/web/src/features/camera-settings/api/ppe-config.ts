import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { PpeConfigResponse } from '@vigil/contracts';
import { apiFetch } from '../../../shared/api/client.ts';
import { settingsKeys } from './keys.ts';

const path = (uidd: string) => {
  const [owner, device] = uidd.split('.') as [string, string];
  return `/camera/${encodeURIComponent(owner)}/${encodeURIComponent(device)}/config/ppe`;
};

/** GET /camera/{owner}/{device}/config/ppe (decision 0871). */
export const usePpeConfig = (uidd: string) =>
  useQuery({
    queryKey: settingsKeys.ppe(uidd),
    queryFn: ({ signal }) => apiFetch(path(uidd), PpeConfigResponse, { signal }),
  });

/** PUT /camera/{owner}/{device}/config/ppe: on with every zone a safety zone, or off. */
export function useSavePpeConfig() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (b: { uidd: string; enabled: boolean }) =>
      apiFetch(path(b.uidd), PpeConfigResponse, { method: 'PUT', body: { enabled: b.enabled } }),
    onSuccess: (res) => qc.setQueryData(settingsKeys.ppe(res.uidd), res),
  });
}

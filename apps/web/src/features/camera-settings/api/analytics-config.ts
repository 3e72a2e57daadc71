import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { type AnalyticsScheme, AnalyticsSettingsResponse } from '@vigil/contracts';
import { apiFetch } from '../../../shared/api/client.ts';
import { cameraKeys } from '../../../shared/cameras/keys.ts';
import { settingsKeys } from './keys.ts';
import { raiseErr } from './raise-err.ts';

/** GET /cameras/analytics/config. */
export const useAnalyticsConfig = (uidd: string) =>
  useQuery({
    queryKey: settingsKeys.analytics(uidd),
    queryFn: ({ signal }) =>
      apiFetch('/cameras/analytics/config', AnalyticsSettingsResponse, { query: { uidd }, signal }),
  });

/** PUT /cameras/config/analytics (spec 001 §7: uidd, enabled, scheme). */
export function useSaveAnalyticsConfig() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (body: { uidd: string; enabled: boolean; scheme?: AnalyticsScheme }) =>
      apiFetch('/cameras/config/analytics', AnalyticsSettingsResponse, { method: 'PUT', body }).then(
        raiseErr,
      ),
    onSuccess: (res) => {
      qc.setQueryData(settingsKeys.analytics(res.uidd), res);
      void qc.invalidateQueries({ queryKey: cameraKeys.all });
    },
  });
}

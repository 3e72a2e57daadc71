import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { PtzConfigResponse, PtzGotoResponse } from '@vigil/contracts';
import { apiFetch } from '../../../shared/api/client.ts';
import { settingsKeys } from './keys.ts';

/** GET /cameras/ptz/config?uidd=: PTZ on or off and the camera's presets (read from the camera). */
export const usePtzConfig = (uidd: string, enabled: boolean) =>
  useQuery({
    queryKey: settingsKeys.ptz(uidd),
    enabled,
    retry: false,
    queryFn: ({ signal }) => apiFetch('/cameras/ptz/config', PtzConfigResponse, { query: { uidd }, signal }),
  });

export type PresetChange = { op: 'save'; name: string } | { op: 'goto' | 'delete'; token: string };

/** POST /cameras/ptz/presets (save), POST /cameras/ptz/presets/goto, DELETE /cameras/ptz/presets. */
export function useChangePreset(uidd: string) {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: async (c: PresetChange) => {
      if (c.op === 'goto') {
        await apiFetch('/cameras/ptz/presets/goto', PtzGotoResponse, {
          method: 'POST',
          body: { uidd, token: c.token },
        });
        return null;
      }
      const body = c.op === 'save' ? { uidd, name: c.name } : { uidd, token: c.token };
      return apiFetch('/cameras/ptz/presets', PtzConfigResponse, {
        method: c.op === 'save' ? 'POST' : 'DELETE',
        body,
      });
    },
    onSuccess: (res) => {
      if (res) qc.setQueryData(settingsKeys.ptz(uidd), res);
    },
  });
}

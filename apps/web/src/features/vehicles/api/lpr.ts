import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { LprCamerasResponse, LprConfigResponse } from '@vigil/contracts';
import { apiFetch } from '../../../shared/api/client.ts';
import { vehicleKeys } from './keys.ts';

/** Which of the cameras have the LPR add-on on (GET /vehicles/lpr-cameras). */
export const useLprCameras = (uidds: readonly string[]) =>
  useQuery({
    queryKey: vehicleKeys.lpr(uidds),
    queryFn: ({ signal }) =>
      apiFetch('/vehicles/lpr-cameras', LprCamerasResponse, { query: { uidd: uidds.join(',') }, signal }),
    enabled: uidds.length > 0,
  });

/** Switches a camera's LPR add-on (PUT /camera/{owner}/{device}/config/lpr). */
export function useSetLpr() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ uidd, enabled }: { uidd: string; enabled: boolean }) => {
      const [owner, device] = uidd.split('.') as [string, string];
      return apiFetch(
        `/camera/${encodeURIComponent(owner)}/${encodeURIComponent(device)}/config/lpr`,
        LprConfigResponse,
        { method: 'PUT', body: { enabled } },
      );
    },
    onSettled: () => client.invalidateQueries({ queryKey: [...vehicleKeys.all, 'lpr'] }),
  });
}

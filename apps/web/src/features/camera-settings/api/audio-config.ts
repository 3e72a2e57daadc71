import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { AudioConfigResponse } from '@vigil/contracts';
import { apiFetch } from '../../../shared/api/client.ts';
import { settingsKeys } from './keys.ts';

/** GET /cameras/audio/config?uidd=: whether the camera's sound is taken, and what it sends (decision 0715). */
export const useAudioConfig = (uidd: string) =>
  useQuery({
    queryKey: settingsKeys.audio(uidd),
    queryFn: ({ signal }) =>
      apiFetch('/cameras/audio/config', AudioConfigResponse, { query: { uidd }, signal }),
  });

/** PATCH /cameras/audio/config (uidd, settings: { audioEnabled }). */
export function useSaveAudioConfig() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (body: { uidd: string; audioEnabled: boolean }) =>
      apiFetch('/cameras/audio/config', AudioConfigResponse, {
        method: 'PATCH',
        body: { uidd: body.uidd, settings: { audioEnabled: body.audioEnabled } },
      }),
    onSuccess: (res) => qc.setQueryData(settingsKeys.audio(res.uidd), res),
  });
}

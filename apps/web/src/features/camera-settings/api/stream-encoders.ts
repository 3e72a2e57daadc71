import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { type PatchStreamConfigBody, StreamEncodersResponse } from '@vigil/contracts';
import { apiFetch } from '../../../shared/api/client.ts';
import { settingsKeys } from './keys.ts';

/**
 * GET /cameras/stream/encoders?uidd=: each stream's encoder and what the camera offers (decision 0714). It asks the
 * camera over ONVIF and takes the camera-settings right, so it is asked only by those who hold it.
 */
export const useStreamEncoders = (uidd: string, enabled: boolean) =>
  useQuery({
    queryKey: settingsKeys.encoders(uidd),
    enabled,
    retry: false,
    queryFn: ({ signal }) =>
      apiFetch('/cameras/stream/encoders', StreamEncodersResponse, { query: { uidd }, signal }),
  });

type Settings = Omit<PatchStreamConfigBody['settings'], 'stream'> & { stream: 'main' | 'sd' };

/** PATCH /cameras/stream/config: one stream's changes; the answer is the encoders as they now are. */
export function useSaveStreamConfig() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (body: { uidd: string; settings: Settings }) =>
      apiFetch('/cameras/stream/config', StreamEncodersResponse, { method: 'PATCH', body }),
    onSuccess: (res) => {
      qc.setQueryData(settingsKeys.encoders(res.uidd), res);
      // What the camera sends changed: the probed summary above the section follows.
      void qc.invalidateQueries({ queryKey: settingsKeys.stream(res.uidd) });
    },
  });
}

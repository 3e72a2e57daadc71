import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { Camera, InstallCameraBody } from '@vigil/contracts';
import { apiFetch } from '../../../shared/api/client.ts';

/** POST /cameras (docs/decisions/0301): validates, probes (up to the probe timeout) and stores a camera. */
export const installCamera = (body: InstallCameraBody): Promise<Camera> =>
  apiFetch<Camera>('/cameras', { method: 'POST', body });

export const useInstallCamera = () => {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: installCamera,
    // The cameras feature's lists (its key factory starts with 'cameras').
    onSuccess: () => qc.invalidateQueries({ queryKey: ['cameras'] }),
  });
};

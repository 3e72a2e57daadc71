import { useMutation, useQueryClient } from '@tanstack/react-query';
import { Camera, type InstallCameraBody } from '@vigil/contracts';
import { apiFetch } from '../../../shared/api/client.ts';
import { cameraKeys } from '../../../shared/cameras/keys.ts';

/** POST /cameras (docs/decisions/0301): validates, probes (up to the probe timeout) and stores a camera. */
export const installCamera = (body: InstallCameraBody): Promise<Camera> =>
  apiFetch('/cameras', Camera, { method: 'POST', body });

export const useInstallCamera = () => {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: installCamera,
    // The one camera list and what hangs on it (statuses), for every screen that shows cameras: the navigator,
    // recordings, events, dashboard, the pickers of groups and members (decision 0106).
    onSuccess: () => qc.invalidateQueries({ queryKey: cameraKeys.all }),
  });
};

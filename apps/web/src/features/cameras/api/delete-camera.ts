import { useMutation, useQueryClient } from '@tanstack/react-query';
import { DelDeviceResult } from '@vigil/contracts';
import { apiFetch } from '../../../shared/api/client.ts';
import { cameraKeys } from '../../../shared/cameras/keys.ts';

/** GET /deldevice?uid (spec 001 §7): removes an (uninstalled) camera and its recordings. */
export const deleteCamera = (uidd: string): Promise<{ success: true }> =>
  apiFetch('/deldevice', DelDeviceResult, { query: { uid: uidd, caller: 'web' } });

export const useDeleteCamera = () => {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: deleteCamera,
    onSuccess: () => qc.invalidateQueries({ queryKey: cameraKeys.all }),
  });
};

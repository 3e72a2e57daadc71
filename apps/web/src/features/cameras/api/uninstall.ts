import { useMutation, useQueryClient } from '@tanstack/react-query';
import { runUninstallPolling, type Uidd } from '@vigil/contracts';
import { cameraKeys } from '../../../shared/cameras/keys.ts';
import { getStatuses } from '../../../shared/cameras/statuses.ts';
import { sendCameraTask } from './send-task.ts';

/**
 * Uninstall with the polling plan of spec 001 §4 (send the task, poll every 5 s, 6 polls a cycle, up to 6
 * cycles; 'max polls reached' when they run out), the shared state machine of packages/contracts.
 */
export const uninstallCameras = (uidds: readonly Uidd[]) =>
  runUninstallPolling(uidds, {
    sendUninstall: async (list) => {
      await Promise.all(list.map((u) => sendCameraTask(u, 'uninstall')));
    },
    fetchStatuses: async (list) => new Map([...(await getStatuses(list))].map(([u, s]) => [u, s.status])),
    sleep: (ms) => new Promise((r) => setTimeout(r, ms)),
  });

export const useUninstallCameras = () => {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: uninstallCameras,
    // Every view of the cameras (list, statuses, the pickers of recordings and events): decision 0106.
    onSettled: () => qc.invalidateQueries({ queryKey: cameraKeys.all }),
  });
};

import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { CameraGroupRecord } from '@vigil/contracts';
import { groupKeys } from '../../../shared/camera-groups/keys.ts';
import { editCameraGroup } from '../../../shared/session/session-actions.ts';
import { sessionStore } from '../../../shared/session/store.ts';
import { renameGroup } from './rename-group.ts';
import { setGroupCameras } from './set-group-cameras.ts';

const sameSet = (a: readonly string[], b: readonly string[]) =>
  a.length === b.length && a.every((x) => b.includes(x));

/**
 * Saves a group's form: the rename and the cameras are two calls, made only when changed; each result goes into
 * the session ("edit camera group", spec 000 §4), so a refused rename still keeps saved cameras in step.
 */
export function useUpdateGroup(uid: string) {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: async (v: { group: CameraGroupRecord; name: string; cameras: string[] }) => {
      let g = v.group;
      try {
        if (!sameSet(g.uidds, v.cameras)) {
          g = await setGroupCameras(uid, g.id, v.cameras);
          const saved = g;
          sessionStore.update((s) => editCameraGroup(s, saved));
        }
        if (v.name !== g.name) {
          g = await renameGroup(uid, g.id, v.name);
          const saved = g;
          sessionStore.update((s) => editCameraGroup(s, saved));
        }
      } finally {
        await qc.invalidateQueries({ queryKey: groupKeys.all });
      }
      return g;
    },
  });
}

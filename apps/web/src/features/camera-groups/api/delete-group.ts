import { useMutation, useQueryClient } from '@tanstack/react-query';
import { Done } from '@vigil/contracts';
import { apiFetch } from '../../../shared/api/client.ts';
import { groupKeys } from '../../../shared/camera-groups/keys.ts';
import { deleteCameraGroup } from '../../../shared/session/session-actions.ts';
import { sessionStore } from '../../../shared/session/store.ts';

/** DELETE /users/:uid/groups/:id. */
export const deleteGroup = (uid: string, id: string): Promise<true> =>
  apiFetch(`/users/${encodeURIComponent(uid)}/groups/${encodeURIComponent(id)}`, Done, { method: 'DELETE' });

/** Deletes a group and takes it out of the session ("delete camera group", spec 000 §4). */
export function useDeleteGroup(uid: string) {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => deleteGroup(uid, id),
    onSuccess: (_r, id) => {
      sessionStore.update((s) => deleteCameraGroup(s, id));
      // Not awaited: the page of the deleted group leaves at once instead of showing it gone.
      void qc.invalidateQueries({ queryKey: groupKeys.all });
    },
  });
}

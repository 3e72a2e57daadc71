import { useMutation, useQueryClient } from '@tanstack/react-query';
import { CameraGroupRecord } from '@vigil/contracts';
import { apiFetch } from '../../../shared/api/client.ts';
import { groupKeys } from '../../../shared/camera-groups/keys.ts';
import { addCameraGroup } from '../../../shared/session/session-actions.ts';
import { sessionStore } from '../../../shared/session/store.ts';

/** POST /users/:uid/groups { groupName, uidd }: 409 when the name is taken. */
export const createGroup = (uid: string, groupName: string, uidd: string[]): Promise<CameraGroupRecord> =>
  apiFetch(`/users/${encodeURIComponent(uid)}/groups`, CameraGroupRecord, {
    method: 'POST',
    body: { groupName, uidd },
  });

/** Creates a group and adds it to the session ("add camera group", spec 000 §4). */
export function useCreateGroup(uid: string) {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (v: { name: string; cameras: string[] }) => createGroup(uid, v.name, v.cameras),
    onSuccess: (g) => {
      sessionStore.update((s) => addCameraGroup(s, g));
      return qc.invalidateQueries({ queryKey: groupKeys.all });
    },
  });
}

import { CameraGroupRecord } from '@vigil/contracts';
import { apiFetch } from '../../../shared/api/client.ts';

/** PUT /users/:uid/groups/:id/name { newName }: 409 when another group has the name. */
export const renameGroup = (uid: string, id: string, newName: string): Promise<CameraGroupRecord> =>
  apiFetch(`/users/${encodeURIComponent(uid)}/groups/${encodeURIComponent(id)}/name`, CameraGroupRecord, {
    method: 'PUT',
    body: { newName },
  });

import type { CameraGroupRecord } from '@vigil/contracts';
import { apiFetch } from '../../../shared/api/client.ts';

/** PUT /users/:uid/groups/:id/name { newName }: 409 when another group has the name. */
export const renameGroup = (uid: string, id: string, newName: string): Promise<CameraGroupRecord> =>
  apiFetch<CameraGroupRecord>(`/users/${encodeURIComponent(uid)}/groups/${encodeURIComponent(id)}/name`, {
    method: 'PUT',
    body: { newName },
  });

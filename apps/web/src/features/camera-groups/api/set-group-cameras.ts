import { CameraGroupRecord } from '@vigil/contracts';
import { apiFetch } from '../../../shared/api/client.ts';

/** PUT /users/:uid/groups/:id { uidd }: the group's cameras, replaced. */
export const setGroupCameras = (uid: string, id: string, uidd: string[]): Promise<CameraGroupRecord> =>
  apiFetch(`/users/${encodeURIComponent(uid)}/groups/${encodeURIComponent(id)}`, CameraGroupRecord, {
    method: 'PUT',
    body: { uidd },
  });

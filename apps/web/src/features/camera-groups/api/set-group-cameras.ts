import type { CameraGroupRecord } from '@vigil/contracts';
import { apiFetch } from '../../../shared/api/client.ts';

/** PUT /users/:uid/groups/:id { uidd }: the group's cameras, replaced. */
export const setGroupCameras = (uid: string, id: string, uidd: string[]): Promise<CameraGroupRecord> =>
  apiFetch<CameraGroupRecord>(`/users/${encodeURIComponent(uid)}/groups/${encodeURIComponent(id)}`, {
    method: 'PUT',
    body: { uidd },
  });

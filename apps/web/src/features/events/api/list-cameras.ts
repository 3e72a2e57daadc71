import type { Camera } from '@vigil/contracts';
import { apiFetch } from '../../../shared/api/client.ts';
import { useVisibleCameras } from '../../../shared/cameras/visible-cameras.ts';

/** The cameras whose events the signed-in person may see: own and shared ones (decision 0405). */
export const useCameras = () => useVisibleCameras('events');

/** Names of some cameras (a group's, when its row is first expanded). */
export const getCameras = (uidds: readonly string[]) =>
  uidds.length ? apiFetch<Camera[]>('/cameras', { query: { uidd: uidds.join(',') } }) : Promise.resolve([]);

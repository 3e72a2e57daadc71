import { useQuery } from '@tanstack/react-query';
import type { Camera } from '@vigil/contracts';
import { byName, type CameraSummary } from '../../shared/cameras/list-cameras.ts';
import { can, useCameraAccounts, visibleCamerasQuery } from '../../shared/cameras/visible-cameras.ts';

/**
 * The cameras a group may hold: the installed cameras the user may watch live, their own and shared ones
 * (decision 0405; the groups call refuses others).
 */
export function useGroupCameras() {
  const owners = useCameraAccounts();
  return useQuery({ ...visibleCamerasQuery(owners), select: groupable });
}

const groupable = (cameras: Camera[]): CameraSummary[] =>
  cameras.filter((c) => !c.uninstalled && can(c, 'viewLive')).sort(byName);

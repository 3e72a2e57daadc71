import { usePickableCameras } from '../../shared/cameras/visible-cameras.ts';

/**
 * The cameras a group may hold: the installed cameras the user may watch live, their own and shared ones
 * (decision 0405; the groups call refuses others), from the one camera list (0106).
 */
export const useGroupCameras = () => usePickableCameras('viewLive');

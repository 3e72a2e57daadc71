import { useVisibleCameras } from '../../../shared/cameras/visible-cameras.ts';

/** The cameras whose events the signed-in person may see: own and shared ones (decision 0405). */
export const useCameras = () => useVisibleCameras('events');

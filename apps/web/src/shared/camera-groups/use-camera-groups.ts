import type { CameraGroup } from '@vigil/contracts';
import { useSession } from '../session/store.ts';

const NONE: readonly CameraGroup[] = [];

/**
 * The signed-in user's camera groups, sorted by name, straight from the session: the camera-groups screens keep
 * it in step (add, edit, delete camera group), so every screen that filters cameras by group sees changes at once.
 */
export const useCameraGroups = (): readonly CameraGroup[] => useSession()?.cameraGroups ?? NONE;

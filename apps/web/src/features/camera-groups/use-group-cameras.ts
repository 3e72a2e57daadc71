import { useCamerasOf } from '../../shared/cameras/list-cameras.ts';
import { useSession } from '../../shared/session/store.ts';

/**
 * The cameras a group may hold: those of every organisation the user can open that has cameras (their own and
 * the accounts they were invited to); the server keeps to the ones the user may view.
 */
export function useGroupCameras() {
  const session = useSession();
  const owners = [...new Set((session?.organisations ?? []).filter((o) => o.cameras).map((o) => o.ownerUid))];
  return useCamerasOf(owners);
}

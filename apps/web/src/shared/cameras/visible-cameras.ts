import { useQuery } from '@tanstack/react-query';
import type { Camera, CameraAction, Organisation } from '@vigil/contracts';
import { useMemo } from 'react';
import { useSession } from '../session/store.ts';
import { byName, type CameraSummary, camerasQuery } from './list-cameras.ts';

/**
 * The one answer to "which cameras can I see, and what may I do on each" (decision 0405). The accounts come from
 * the session's organisations (spec 000 §3: the user's own and every one they were invited to); the server lists
 * their cameras the caller may see, each with `permission` (the caller's role on its account and the actions the
 * server will serve). Screens show a camera, and a button or link on it, only when `can` says so. Every hook here
 * reads the same query (`camerasQuery`, decision 0106), so one invalidation refreshes every screen.
 */

/** May the signed-in person do `action` to this camera (as the server decided when it listed it)? */
export const can = (camera: Pick<Camera, 'permission'>, action: CameraAction): boolean =>
  camera.permission.actions.includes(action);

/**
 * The accounts whose cameras the person sees: their own, then each organisation's owner, then (installers and
 * distributors) the account of the free partner demo's cameras (decision 0721). Every organisation is asked for,
 * even one marked without cameras: the flag is as old as the sign-in, the server's list is current.
 */
export function accountsOf(
  uid: string,
  organisations: readonly Pick<Organisation, 'ownerUid'>[],
  partnerDemoCameras: readonly string[] = [],
): string[] {
  const demo = partnerDemoCameras.map((uidd) => uidd.slice(0, uidd.indexOf('.')));
  return [...new Set([uid, ...organisations.map((o) => o.ownerUid), ...demo])];
}

/** The accounts of the signed-in session (stable while the session's organisations are). */
export function useCameraAccounts(): string[] {
  const session = useSession();
  const uid = session?.uid;
  const organisations = session?.organisations;
  const demo = session?.partnerDemoCameras;
  return useMemo(() => (uid ? accountsOf(uid, organisations ?? [], demo) : []), [uid, organisations, demo]);
}

/** The visible cameras through `select` (a stable function, so the result keeps its identity between renders). */
export function useCameraList<T>(select: (cameras: Camera[]) => T) {
  return useQuery({ ...camerasQuery(useCameraAccounts()), select });
}

const ALL = (cameras: Camera[]) => cameras;

/**
 * The cameras the person may see; with `action`, only those they may do it to (e.g. 'viewRecorded' for
 * playback and downloads, 'events' for the events list).
 */
export function useVisibleCameras(action?: CameraAction) {
  const select = useMemo(
    () => (action ? (cameras: Camera[]) => cameras.filter((c) => can(c, action)) : ALL),
    [action],
  );
  return useCameraList(select);
}

/** One camera of the list (undefined once the list is in and it is not there). */
export function useCamera(uidd: string) {
  const select = useMemo(() => (cameras: Camera[]) => cameras.find((c) => c.uidd === uidd), [uidd]);
  return useCameraList(select);
}

/** The installed cameras of the list, by name, that the person may do `action` to: what pickers offer. */
export function usePickableCameras(action: CameraAction) {
  const select = useMemo(
    () =>
      (cameras: Camera[]): CameraSummary[] =>
        cameras.filter((c) => !c.uninstalled && can(c, action)).sort(byName),
    [action],
  );
  return useCameraList(select);
}

/**
 * The installed cameras of one account, by name (the members screens pick an account's cameras). From the one
 * list when the account is one of the session's; an account the person manages but the session does not list yet
 * is asked for by the same query function, under the same key factory.
 */
export function useCamerasOf(owner: string) {
  const accounts = useCameraAccounts();
  const owners = accounts.includes(owner) ? accounts : [owner];
  const select = useMemo(
    () =>
      (cameras: Camera[]): CameraSummary[] =>
        cameras.filter((c) => c.owner === owner && !c.uninstalled).sort(byName),
    [owner],
  );
  return useQuery({ ...camerasQuery(owner ? owners : []), select });
}

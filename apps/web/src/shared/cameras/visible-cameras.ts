import { queryOptions, useQuery } from '@tanstack/react-query';
import type { Camera, CameraAction, Organisation } from '@vigil/contracts';
import { useMemo } from 'react';
import { apiFetch } from '../api/client.ts';
import { useSession } from '../session/store.ts';
import { cameraKeys } from './list-cameras.ts';

/**
 * The one answer to "which cameras can I see, and what may I do on each" (decision 0405). The accounts come from
 * the session's organisations (spec 000 §3: the user's own and every one they were invited to); the server lists
 * their cameras the caller may see, each with `permission` (the caller's role on its account and the actions the
 * server will serve). Screens show a camera, and a button or link on it, only when `can` says so.
 */

/** May the signed-in person do `action` to this camera (as the server decided when it listed it)? */
export const can = (camera: Pick<Camera, 'permission'>, action: CameraAction): boolean =>
  camera.permission.actions.includes(action);

/**
 * The accounts whose cameras the person sees: their own, then each organisation's owner. Every organisation is
 * asked for, even one marked without cameras: the flag is as old as the sign-in, the server's list is current.
 */
export function accountsOf(uid: string, organisations: readonly Pick<Organisation, 'ownerUid'>[]): string[] {
  return [...new Set([uid, ...organisations.map((o) => o.ownerUid)])];
}

/** GET /cameras?owner=…: every camera of these accounts the caller may see, with their permission on each. */
export const visibleCamerasQuery = (owners: readonly string[]) =>
  queryOptions({
    queryKey: cameraKeys.visible(owners),
    queryFn: ({ signal }) => apiFetch<Camera[]>('/cameras', { query: { owner: owners.join(',') }, signal }),
    enabled: owners.length > 0,
  });

/** The accounts of the signed-in session (stable while the session's organisations are). */
export function useCameraAccounts(): string[] {
  const session = useSession();
  const uid = session?.uid;
  const organisations = session?.organisations;
  return useMemo(() => (uid ? accountsOf(uid, organisations ?? []) : []), [uid, organisations]);
}

/**
 * The cameras the person may see; with `action`, only those they may do it to (e.g. 'viewRecorded' for
 * playback and downloads, 'events' for the events list).
 */
export function useVisibleCameras(action?: CameraAction) {
  const owners = useCameraAccounts();
  // Stable, so the filtered list keeps its identity between renders (React Query reruns a new `select`).
  const select = useMemo(
    () => (action ? (cameras: Camera[]) => cameras.filter((c) => can(c, action)) : undefined),
    [action],
  );
  return useQuery({ ...visibleCamerasQuery(owners), select });
}

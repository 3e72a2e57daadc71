import { queryOptions, useQuery } from '@tanstack/react-query';
import type { Camera } from '@vigil/contracts';
import { apiFetch } from '../api/client.ts';

/** What the screens that pick cameras need of a camera. */
export type CameraSummary = Pick<Camera, 'uidd' | 'owner' | 'name' | 'uninstalled'>;

/** Cache keys of the camera lists, in one place for every screen that lists cameras to pick from. */
export const cameraKeys = {
  all: ['cameras'] as const,
  ofOwners: (owners: readonly string[]) => [...cameraKeys.all, 'owners', [...owners].sort()] as const,
  visible: (owners: readonly string[]) => [...cameraKeys.all, 'visible', [...owners].sort()] as const,
};

/** GET /cameras?owner=a,b: the installed cameras of these accounts the caller may see, by name. */
export async function listCameras(owners: readonly string[], signal?: AbortSignal): Promise<CameraSummary[]> {
  const cameras = await apiFetch<CameraSummary[]>('/cameras', { query: { owner: owners.join(',') }, signal });
  return cameras.filter((c) => !c.uninstalled).sort(byName);
}

export const byName = (a: { name: string }, b: { name: string }) =>
  a.name.localeCompare(b.name, undefined, { numeric: true });

export const camerasOfOwnersQuery = (owners: readonly string[]) =>
  queryOptions({
    queryKey: cameraKeys.ofOwners(owners),
    queryFn: ({ signal }) => listCameras(owners, signal),
    enabled: owners.length > 0,
  });

export const useCamerasOf = (owners: readonly string[]) => useQuery(camerasOfOwnersQuery(owners));

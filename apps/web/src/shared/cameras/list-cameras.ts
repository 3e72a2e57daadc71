import { queryOptions } from '@tanstack/react-query';
import { Camera } from '@vigil/contracts';
import { z } from 'zod';
import { apiFetch } from '../api/client.ts';
import { cameraKeys } from './keys.ts';

/** What the screens that pick cameras need of a camera. */
export type CameraSummary = Pick<Camera, 'uidd' | 'owner' | 'name' | 'uninstalled'>;

export const byName = (a: { name: string }, b: { name: string }) =>
  a.name.localeCompare(b.name, undefined, { numeric: true });

/** GET /cameras?owner=a,b: every camera of these accounts the caller may see, with their permission on each. */
export const listCameras = (owners: readonly string[], signal?: AbortSignal): Promise<Camera[]> =>
  apiFetch('/cameras', z.array(Camera), { query: { owner: owners.join(',') }, signal });

/**
 * The one query of the camera list (decision 0106): every screen reads it, through `useVisibleCameras` and its
 * siblings, and narrows it with `select` — never with a fetch of its own under another key.
 */
export const camerasQuery = (owners: readonly string[]) =>
  queryOptions({
    queryKey: cameraKeys.list(owners),
    queryFn: ({ signal }) => listCameras(owners, signal),
    enabled: owners.length > 0,
  });

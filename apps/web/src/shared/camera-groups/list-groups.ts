import { queryOptions, useQuery } from '@tanstack/react-query';
import { CameraGroupRecord } from '@vigil/contracts';
import { z } from 'zod';
import { apiFetch } from '../api/client.ts';
import { sortGroups } from '../session/session-actions.ts';
import { groupKeys } from './keys.ts';

/** GET /users/:uid/groups: the user's camera groups, sorted by name (spec 000 §3). */
export const listGroups = async (uid: string, signal?: AbortSignal): Promise<CameraGroupRecord[]> =>
  sortGroups(
    await apiFetch(`/users/${encodeURIComponent(uid)}/groups`, z.array(CameraGroupRecord), { signal }),
  );

export const groupsQuery = (uid: string) =>
  queryOptions({ queryKey: groupKeys.list(uid), queryFn: ({ signal }) => listGroups(uid, signal) });

export const useGroups = (uid: string) => useQuery(groupsQuery(uid));

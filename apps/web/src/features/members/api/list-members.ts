import { queryOptions, useQuery } from '@tanstack/react-query';
import { Member } from '@vigil/contracts';
import { z } from 'zod';
import { apiFetch } from '../../../shared/api/client.ts';
import { memberKeys } from './keys.ts';

/** GET /multiuser/:uid/members: the additional users of account `ownerUid`, invited and active. */
export const listMembers = (ownerUid: string, signal?: AbortSignal): Promise<Member[]> =>
  apiFetch(`/multiuser/${encodeURIComponent(ownerUid)}/members`, z.array(Member), { signal });

export const membersQuery = (ownerUid: string) =>
  queryOptions({
    queryKey: memberKeys.list(ownerUid),
    queryFn: ({ signal }) => listMembers(ownerUid, signal),
    // A refusal (not a manager of that account) is an answer, not a blip to retry.
    retry: false,
  });

export const useMembers = (ownerUid: string) => useQuery(membersQuery(ownerUid));

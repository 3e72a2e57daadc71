import { queryOptions, useQuery } from '@tanstack/react-query';
import { SupportAccess } from '@vigil/contracts';
import { apiFetch } from '../../../shared/api/client.ts';
import { accountKeys } from './keys.ts';

/** GET /account/:uid/support-access: whether support may see the account's pictures and video, and until when. */
export const getSupportAccess = (uid: string, signal?: AbortSignal): Promise<SupportAccess> =>
  apiFetch(`/account/${encodeURIComponent(uid)}/support-access`, SupportAccess, { signal });

export const supportAccessQuery = (uid: string) =>
  queryOptions({
    queryKey: accountKeys.supportAccess(uid),
    queryFn: ({ signal }) => getSupportAccess(uid, signal),
  });

export const useSupportAccess = (uid: string) => useQuery(supportAccessQuery(uid));

import { queryOptions, useQuery } from '@tanstack/react-query';
import { MEDIA_GRANT_TTL_SEC, type MediaGrantPurpose, type MediaGrantResult } from '@vigil/contracts';
import { apiFetch } from '../../../shared/api/client.ts';
import { cameraKeys } from './keys.ts';

/** Asked again at half its life, so an address built from it stays valid while an element loads it. */
const RENEW_MS = (MEDIA_GRANT_TTL_SEC * 1000) / 2;

/** POST /grants: a short grant for one camera's media URLs (decision 0014), never the auth token. */
export const getMediaGrant = (uidd: string, purpose: MediaGrantPurpose): Promise<MediaGrantResult> =>
  apiFetch<MediaGrantResult>('/grants', { method: 'POST', body: { uidd, purpose } });

export const mediaGrantQuery = (uidd: string, purpose: MediaGrantPurpose) =>
  queryOptions({
    queryKey: cameraKeys.grant(uidd, purpose),
    queryFn: () => getMediaGrant(uidd, purpose),
    staleTime: RENEW_MS,
    refetchInterval: RENEW_MS,
    gcTime: RENEW_MS,
    retry: false,
  });

/** The camera's current grant for `purpose`, undefined until the first one arrives (or when not `enabled`). */
export function useMediaGrant(uidd: string, purpose: MediaGrantPurpose, enabled = true): string | undefined {
  return useQuery({ ...mediaGrantQuery(uidd, purpose), enabled }).data?.grant;
}

import { queryOptions, useQueries, useQuery } from '@tanstack/react-query';
import { MEDIA_GRANT_TTL_SEC, type MediaGrantPurpose, MediaGrantResult } from '@vigil/contracts';
import { apiFetch } from './client.ts';

/** Cache keys of media grants: one per camera and purpose. */
export const mediaGrantKeys = {
  all: ['media-grants'] as const,
  grant: (uidd: string, purpose: MediaGrantPurpose) => [...mediaGrantKeys.all, uidd, purpose] as const,
};

/** Asked again at half its life, so an address built from it stays valid while an element loads it. */
const RENEW_MS = (MEDIA_GRANT_TTL_SEC * 1000) / 2;

/** POST /grants: a short grant for one camera's media URLs (decision 0014), never the auth token. */
export const getMediaGrant = (uidd: string, purpose: MediaGrantPurpose): Promise<MediaGrantResult> =>
  apiFetch('/grants', MediaGrantResult, { method: 'POST', body: { uidd, purpose } });

export const mediaGrantQuery = (uidd: string, purpose: MediaGrantPurpose) =>
  queryOptions({
    queryKey: mediaGrantKeys.grant(uidd, purpose),
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

/** The current grants of several cameras for one purpose, by camera (those still on their way are missing). */
export function useMediaGrants(uidds: readonly string[], purpose: MediaGrantPurpose): Map<string, string> {
  return useQueries({
    queries: uidds.map((uidd) => mediaGrantQuery(uidd, purpose)),
    combine: (results) => {
      const out = new Map<string, string>();
      results.forEach((r, i) => {
        const grant = r.data?.grant;
        if (grant) out.set(uidds[i] as string, grant);
      });
      return out;
    },
  });
}

/**
 * A grant taken once for an element that keeps its address while it plays (a <video> of a clip): renewing it
 * would change the address and restart the video. The server checks it when the request starts.
 */
export function useMediaGrantOnce(
  uidd: string | undefined,
  purpose: MediaGrantPurpose,
  forKey: string | undefined,
): string | undefined {
  return useQuery({
    queryKey: [...mediaGrantKeys.all, 'once', uidd ?? '', purpose, forKey ?? ''],
    queryFn: () => getMediaGrant(uidd as string, purpose),
    enabled: Boolean(uidd && forKey),
    staleTime: Number.POSITIVE_INFINITY,
    gcTime: 0,
    retry: false,
  }).data?.grant;
}

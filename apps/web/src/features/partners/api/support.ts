import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  Done,
  EndpointTimingList,
  HealthResult,
  RegionalSupportAccountDetail,
  RegionalSupportSearchResult,
  SupportAccountDetail,
} from '@vigil/contracts';
import { apiFetch } from '../../../shared/api/client.ts';
import { partnerKeys } from './keys.ts';

export type SupportTool = 'resend-invitation' | 'password-reset' | 'unlock-sign-in';

/**
 * GET /regions/support/accounts?q=: by e-mail (its start), uid, installer id or camera, in every region of the
 * deployment, each account with its region (decision 0620).
 */
export const useSupportSearch = (q: string) =>
  useQuery({
    queryKey: partnerKeys.search(q),
    queryFn: ({ signal }) =>
      apiFetch('/regions/support/accounts', RegionalSupportSearchResult, { signal, query: { q } }),
    enabled: q.trim().length > 0,
    retry: false,
  });

/**
 * GET /support/accounts/:uid, or with a region, GET /regions/support/accounts/:region/:uid: an account kept in another
 * region, read through that region's API by this region's server (decision 0858).
 */
export const useSupportAccount = (uid: string, region?: string) =>
  useQuery({
    queryKey: [...partnerKeys.account(uid), region ?? 'here'],
    queryFn: ({ signal }): Promise<SupportAccountDetail & { region?: string }> =>
      region
        ? apiFetch(
            `/regions/support/accounts/${encodeURIComponent(region)}/${encodeURIComponent(uid)}`,
            RegionalSupportAccountDetail,
            { signal },
          )
        : apiFetch(`/support/accounts/${encodeURIComponent(uid)}`, SupportAccountDetail, { signal }),
    enabled: uid.length > 0,
    retry: false,
  });

/** POST /support/accounts/:uid/tools/:tool — each is written to the account's audit log. */
export const useSupportTool = () =>
  useMutation({
    mutationFn: ({ uid, tool }: { uid: string; tool: SupportTool }) =>
      apiFetch(`/support/accounts/${encodeURIComponent(uid)}/tools/${tool}`, Done, { method: 'POST' }),
  });

/** PUT /support/accounts/:uid/installer: moves an account to another installer. */
export function useMoveAccount() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: ({ uid, installerId }: { uid: string; installerId: string }) =>
      apiFetch(`/support/accounts/${encodeURIComponent(uid)}/installer`, SupportAccountDetail, {
        method: 'PUT',
        body: { installerId },
      }),
    onSuccess: () => qc.invalidateQueries({ queryKey: partnerKeys.all }),
  });
}

/** GET /health: the service's state, refreshed every 10 s while the screen is open. */
export const useHealth = () =>
  useQuery({
    queryKey: partnerKeys.health(),
    queryFn: ({ signal }) => apiFetch('/health', HealthResult, { signal }),
    refetchInterval: 10_000,
    retry: false,
  });

/** GET /support/metrics/endpoints: the slowest endpoints of this server, p50 and p99 of their recent answers. */
export const useSlowestEndpoints = () =>
  useQuery({
    queryKey: [...partnerKeys.health(), 'endpoints'],
    queryFn: ({ signal }) =>
      apiFetch('/support/metrics/endpoints', EndpointTimingList, { signal }).then((r) => r.endpoints),
    refetchInterval: 10_000,
    retry: false,
  });

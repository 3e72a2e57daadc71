import { useInfiniteQuery, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  Done,
  SupportErrorReportPage,
  SupportProbeResult,
  SupportSessionList,
  SupportUsageLogPage,
} from '@vigil/contracts';
import type { z } from 'zod';
import { apiFetch } from '../../../shared/api/client.ts';
import { partnerKeys } from './keys.ts';

/** An account here, or with `region` one of another region read through it (decision 0883). */
const accountPath = (uid: string, region?: string) =>
  region
    ? `/regions/support/accounts/${encodeURIComponent(region)}/${encodeURIComponent(uid)}`
    : `/support/accounts/${encodeURIComponent(uid)}`;

/** GET /support/accounts/:uid/sessions (another region's: /regions/support/accounts/:region/:uid/sessions). */
export const useAccountSessions = (uid: string, region?: string) =>
  useQuery({
    queryKey: partnerKeys.sessions(uid, region),
    queryFn: ({ signal }) =>
      apiFetch(`${accountPath(uid, region)}/sessions`, SupportSessionList, { signal }).then(
        (r) => r.sessions,
      ),
    retry: false,
  });

/** DELETE /support/accounts/:uid/sessions/:seriesId — written to the account's audit log. */
export function useEndAccountSession(uid: string) {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (seriesId: string) =>
      apiFetch(`${accountPath(uid)}/sessions/${encodeURIComponent(seriesId)}`, Done, { method: 'DELETE' }),
    onSuccess: () => qc.invalidateQueries({ queryKey: partnerKeys.sessions(uid) }),
  });
}

/** An account's reports or logs, newest first, a page at a time (`before`: the last page's `next`). */
const usePaged = <T extends { next: string | null }>(
  uid: string,
  kind: 'error-reports' | 'usage-logs',
  schema: z.ZodType<T>,
  region?: string,
) =>
  useInfiniteQuery({
    queryKey: partnerKeys.reports(uid, kind, region),
    queryFn: ({ pageParam, signal }) =>
      apiFetch(`${accountPath(uid, region)}/${kind}`, schema, {
        signal,
        query: { before: pageParam ?? undefined },
      }),
    initialPageParam: null as string | null,
    getNextPageParam: (last) => last.next,
    retry: false,
  });

/** GET /support/accounts/:uid/error-reports */
export const useAccountErrorReports = (uid: string, region?: string) =>
  usePaged(uid, 'error-reports', SupportErrorReportPage, region);

/** GET /support/accounts/:uid/usage-logs */
export const useAccountUsageLogs = (uid: string, region?: string) =>
  usePaged(uid, 'usage-logs', SupportUsageLogPage, region);

/** POST /support/cameras/:uidd/probe: the camera's main stream probed now; the result is in its owner's audit log. */
export const useReprobeCamera = () =>
  useMutation({
    mutationFn: (uidd: string) =>
      apiFetch(`/support/cameras/${encodeURIComponent(uidd)}/probe`, SupportProbeResult, { method: 'POST' }),
  });

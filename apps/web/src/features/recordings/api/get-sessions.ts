import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { SessionsResponse } from '@vigil/contracts';
import { apiFetch } from '../../../shared/api/client.ts';
import { recordingKeys } from './keys.ts';

/** GET /sessions: the recorded runs of several cameras in a window (epoch ms), for the timeline's bars. */
export const getSessions = (
  uidds: readonly string[],
  fromMs: number,
  toMs: number,
): Promise<SessionsResponse> =>
  apiFetch('/sessions', SessionsResponse, {
    query: { uidd: uidds.join(','), startAfter: fromMs, startBefore: toMs },
  });

export const sessionsQuery = (uidds: readonly string[], fromMs: number, toMs: number) =>
  queryOptions({
    queryKey: recordingKeys.sessions(uidds, fromMs, toMs),
    queryFn: () => getSessions(uidds, fromMs, toMs),
    enabled: uidds.length > 0,
    placeholderData: keepPreviousData,
    // Today's recordings grow while the page is open.
    refetchInterval: 60_000,
  });
export const useSessions = (uidds: readonly string[], fromMs: number, toMs: number) =>
  useQuery(sessionsQuery(uidds, fromMs, toMs));

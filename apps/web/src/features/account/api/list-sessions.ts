import { queryOptions, useQuery } from '@tanstack/react-query';
import { ActiveSession } from '@vigil/contracts';
import { z } from 'zod';
import { apiFetch } from '../../../shared/api/client.ts';
import { accountKeys } from './keys.ts';

/** GET /account/:uid/sessions: the account's live sign-ins, this one marked `current`. */
export const listSessions = (uid: string, signal?: AbortSignal): Promise<ActiveSession[]> =>
  apiFetch(`/account/${encodeURIComponent(uid)}/sessions`, z.array(ActiveSession), { signal });

export const sessionsQuery = (uid: string) =>
  queryOptions({ queryKey: accountKeys.sessions(uid), queryFn: ({ signal }) => listSessions(uid, signal) });

export const useSessions = (uid: string) => useQuery(sessionsQuery(uid));

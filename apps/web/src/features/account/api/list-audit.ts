import { queryOptions, useQuery } from '@tanstack/react-query';
import { AuditPage } from '@vigil/contracts';
import { apiFetch } from '../../../shared/api/client.ts';
import { accountKeys } from './keys.ts';

/** How many of the latest entries the account page shows. */
export const RECENT_ACTIVITY_ENTRIES = 20;

/** GET /account/:uid/audit: the account's latest audit entries (support's looks, consent, exports), newest first. */
export const listAudit = (uid: string, signal?: AbortSignal): Promise<AuditPage> =>
  apiFetch(`/account/${encodeURIComponent(uid)}/audit`, AuditPage, {
    query: { limit: RECENT_ACTIVITY_ENTRIES },
    signal,
  });

export const auditQuery = (uid: string) =>
  queryOptions({ queryKey: accountKeys.audit(uid), queryFn: ({ signal }) => listAudit(uid, signal) });

export const useAudit = (uid: string) => useQuery(auditQuery(uid));

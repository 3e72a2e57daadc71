import { queryOptions, useQuery } from '@tanstack/react-query';
import { AccountPermission } from '@vigil/contracts';
import { z } from 'zod';
import { apiFetch } from '../../../shared/api/client.ts';
import { memberKeys } from './keys.ts';

/** GET /multiuser/:uid/account-permissions (spec 000 §7): what the user may do on each account they can open. */
export const accountPermissions = (uid: string, signal?: AbortSignal): Promise<AccountPermission[]> =>
  apiFetch(`/multiuser/${encodeURIComponent(uid)}/account-permissions`, z.array(AccountPermission), {
    signal,
  });

export const accountPermissionsQuery = (uid: string) =>
  queryOptions({
    queryKey: memberKeys.permissions(uid),
    queryFn: ({ signal }) => accountPermissions(uid, signal),
  });

export const useAccountPermissions = (uid: string) => useQuery(accountPermissionsQuery(uid));

import { useMutation, useQueryClient } from '@tanstack/react-query';
import { SupportAccess, type SupportAccessHours } from '@vigil/contracts';
import { apiFetch } from '../../../shared/api/client.ts';
import { accountKeys } from './keys.ts';

/** POST /account/:uid/support-access: support may see pictures and video for `hours` from now (decision 0017). */
export const grantSupportAccess = (uid: string, hours: SupportAccessHours): Promise<SupportAccess> =>
  apiFetch(`/account/${encodeURIComponent(uid)}/support-access`, SupportAccess, {
    method: 'POST',
    body: { hours },
  });

export function useGrantSupportAccess(uid: string) {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (hours: SupportAccessHours) => grantSupportAccess(uid, hours),
    onSuccess: (access) => {
      qc.setQueryData(accountKeys.supportAccess(uid), access);
      return qc.invalidateQueries({ queryKey: accountKeys.audit(uid) });
    },
  });
}

import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { SupportAccess } from '@vigil/contracts';
import { apiFetch } from '../../../shared/api/client.ts';
import { accountKeys } from './keys.ts';

/** DELETE /account/:uid/support-access: support loses access to pictures and video at once. */
export const revokeSupportAccess = (uid: string): Promise<SupportAccess> =>
  apiFetch<SupportAccess>(`/account/${encodeURIComponent(uid)}/support-access`, { method: 'DELETE' });

export function useRevokeSupportAccess(uid: string) {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: () => revokeSupportAccess(uid),
    onSuccess: (access) => {
      qc.setQueryData(accountKeys.supportAccess(uid), access);
      return qc.invalidateQueries({ queryKey: accountKeys.audit(uid) });
    },
  });
}

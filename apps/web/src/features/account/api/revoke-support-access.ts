import { useMutation, useQueryClient } from '@tanstack/react-query';
import { SupportAccess } from '@vigil/contracts';
import { apiFetch } from '../../../shared/api/client.ts';
import { accountKeys } from './keys.ts';

/** DELETE /account/:uid/support-access: support loses access to pictures and video at once. */
export const revokeSupportAccess = (uid: string): Promise<SupportAccess> =>
  apiFetch(`/account/${encodeURIComponent(uid)}/support-access`, SupportAccess, { method: 'DELETE' });

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

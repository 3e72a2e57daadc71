import { useMutation, useQueryClient } from '@tanstack/react-query';
import { Done } from '@vigil/contracts';
import { apiFetch } from '../../../shared/api/client.ts';
import { accountKeys } from './keys.ts';

/** PUT /account/:uid/password { currentPassword, newPassword }: every other session of the account ends. */
export const changePassword = (uid: string, currentPassword: string, newPassword: string): Promise<true> =>
  apiFetch(`/account/${encodeURIComponent(uid)}/password`, Done, {
    method: 'PUT',
    body: { currentPassword, newPassword },
  });

export function useChangePassword(uid: string) {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (v: { currentPassword: string; newPassword: string }) =>
      changePassword(uid, v.currentPassword, v.newPassword),
    // The other sessions are gone from the list now.
    onSuccess: () => qc.invalidateQueries({ queryKey: accountKeys.sessions(uid) }),
  });
}

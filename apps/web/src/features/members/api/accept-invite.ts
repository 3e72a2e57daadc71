import { useMutation, useQueryClient } from '@tanstack/react-query';
import { AcceptInviteResult } from '@vigil/contracts';
import { apiFetch } from '../../../shared/api/client.ts';
import { memberKeys } from './keys.ts';

/** POST /multiuser/invites/accept: signed in with the invited address, joins the inviting account. */
export const acceptInvite = (token: string): Promise<AcceptInviteResult> =>
  apiFetch('/multiuser/invites/accept', AcceptInviteResult, { method: 'POST', body: { token } });

/**
 * Joining an account changes the accounts the user may open and manage (account-permissions): refetched here; the
 * session's organisations, and with them the camera list's accounts, come from `refreshAccount` (decision 0106).
 */
export const useAcceptInvite = () => {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: acceptInvite,
    onSuccess: () => qc.invalidateQueries({ queryKey: memberKeys.all }),
  });
};

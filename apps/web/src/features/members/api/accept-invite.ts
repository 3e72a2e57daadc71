import { useMutation } from '@tanstack/react-query';
import type { AcceptInviteResult } from '@vigil/contracts';
import { apiFetch } from '../../../shared/api/client.ts';

/** POST /multiuser/invites/accept: signed in with the invited address, joins the inviting account. */
export const acceptInvite = (token: string): Promise<AcceptInviteResult> =>
  apiFetch('/multiuser/invites/accept', { method: 'POST', body: { token } });

export const useAcceptInvite = () => useMutation({ mutationFn: acceptInvite });

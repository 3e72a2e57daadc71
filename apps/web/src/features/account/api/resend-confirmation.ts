import { useMutation } from '@tanstack/react-query';
import { Done } from '@vigil/contracts';
import { apiFetch } from '../../../shared/api/client.ts';

/** POST /account/:uid/verify-email/resend (decision 0009): a new confirmation link to the account's address. */
export const resendConfirmation = (uid: string): Promise<boolean> =>
  apiFetch(`/account/${encodeURIComponent(uid)}/verify-email/resend`, Done, { method: 'POST', body: {} });

export const useResendConfirmation = (uid: string) =>
  useMutation({ mutationFn: () => resendConfirmation(uid) });

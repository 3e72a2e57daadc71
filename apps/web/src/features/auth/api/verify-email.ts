import { useMutation } from '@tanstack/react-query';
import { Done, type VerifyEmailBody } from '@vigil/contracts';
import { apiFetch } from '../../../shared/api/client.ts';

/**
 * POST /account/verify-email (decision 0009): consumes the one-time link e-mailed at registration. The uid comes
 * from the link as typed text; the server checks it.
 */
export const verifyEmail = (input: { uid: string; v: string }): Promise<boolean> =>
  apiFetch('/account/verify-email', Done, { method: 'POST', body: input as VerifyEmailBody });

export const useVerifyEmail = () => useMutation({ mutationFn: verifyEmail });

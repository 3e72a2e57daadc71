import { useMutation } from '@tanstack/react-query';
import { Done } from '@vigil/contracts';
import { apiFetch } from '../../../shared/api/client.ts';

/** GET /lostpassword?email: e-mails a reset link; answers the same whether or not the account exists. */
export const requestPasswordReset = (email: string): Promise<boolean> =>
  apiFetch('/lostpassword', Done, { query: { email } });

export const useRequestPasswordReset = () => useMutation({ mutationFn: requestPasswordReset });

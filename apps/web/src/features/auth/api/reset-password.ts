import { useMutation } from '@tanstack/react-query';
import { Done } from '@vigil/contracts';
import { apiFetch } from '../../../shared/api/client.ts';

export interface ResetPasswordInput {
  uid: string;
  v: string;
  newpass: string;
}

/** GET /resetpassword?uid&v&newpass (spec 000 §7); fails when the server answers an error (§5). */
export const resetPassword = (input: ResetPasswordInput): Promise<boolean> =>
  apiFetch('/resetpassword', Done, { query: { ...input } });

export const useResetPassword = () => useMutation({ mutationFn: resetPassword });

import { useMutation } from '@tanstack/react-query';
import { ChangeEmailResult } from '@vigil/contracts';
import { apiFetch } from '../../../shared/api/client.ts';
import { changeEmail as changeEmailAction } from '../../../shared/session/session-actions.ts';
import { sessionStore } from '../../../shared/session/store.ts';

/** PUT /account/:uid/email { newEmail, password }: asks for the password again (decision 0011). */
export const changeEmail = (uid: string, newEmail: string, password: string): Promise<{ email: string }> =>
  apiFetch(`/account/${encodeURIComponent(uid)}/email`, ChangeEmailResult, {
    method: 'PUT',
    body: { newEmail, password },
  });

/** Changes the address and the session's ("change email", spec 000 §4). */
export const useChangeEmail = (uid: string) =>
  useMutation({
    mutationFn: (v: { newEmail: string; password: string }) => changeEmail(uid, v.newEmail, v.password),
    onSuccess: (r) => sessionStore.update((s) => changeEmailAction(s, r.email)),
  });

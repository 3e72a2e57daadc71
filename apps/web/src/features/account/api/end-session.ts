import { useMutation, useQueryClient } from '@tanstack/react-query';
import { Done } from '@vigil/contracts';
import { apiFetch } from '../../../shared/api/client.ts';
import { accountKeys } from './keys.ts';

/** DELETE /account/:uid/sessions/:seriesId: that device is signed out on its next request. */
export const endSession = (uid: string, seriesId: string): Promise<true> =>
  apiFetch(`/account/${encodeURIComponent(uid)}/sessions/${encodeURIComponent(seriesId)}`, Done, {
    method: 'DELETE',
  });

export function useEndSession(uid: string) {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (seriesId: string) => endSession(uid, seriesId),
    onSuccess: () => qc.invalidateQueries({ queryKey: accountKeys.sessions(uid) }),
  });
}

import { useMutation, useQueryClient } from '@tanstack/react-query';
import { Done } from '@vigil/contracts';
import { apiFetch } from '../../../shared/api/client.ts';
import { memberKeys } from './keys.ts';

/** DELETE /multiuser/:uid/members/:memberId: the person loses access on their next request. */
export const removeMember = (ownerUid: string, memberId: string): Promise<true> =>
  apiFetch(`/multiuser/${encodeURIComponent(ownerUid)}/members/${encodeURIComponent(memberId)}`, Done, {
    method: 'DELETE',
  });

export function useRemoveMember(ownerUid: string) {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (memberId: string) => removeMember(ownerUid, memberId),
    onSuccess: () => qc.invalidateQueries({ queryKey: memberKeys.list(ownerUid) }),
  });
}

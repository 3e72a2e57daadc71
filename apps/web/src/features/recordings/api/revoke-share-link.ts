import { useMutation, useQueryClient } from '@tanstack/react-query';
import { Done } from '@vigil/contracts';
import { apiFetch } from '../../../shared/api/client.ts';
import { recordingKeys } from './keys.ts';

/** DELETE /jwt/links/{id}: revokes a share link. */
export const revokeShareLink = (id: string) =>
  apiFetch(`/jwt/links/${encodeURIComponent(id)}`, Done, { method: 'DELETE' });

export function useRevokeShareLink(uidd: string) {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: revokeShareLink,
    onSuccess: () => qc.invalidateQueries({ queryKey: recordingKeys.links(uidd) }),
  });
}

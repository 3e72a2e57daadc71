import { useMutation, useQueryClient } from '@tanstack/react-query';
import { Member, type UpdateMemberBody } from '@vigil/contracts';
import type { z } from 'zod';
import { apiFetch } from '../../../shared/api/client.ts';
import { memberKeys } from './keys.ts';

/** The body as sent: camera ids are plain strings here, the server checks them. */
type Body = z.input<typeof UpdateMemberBody>;

/** PATCH /multiuser/:uid/members/:memberId: alias, level, camera scope and cameras. */
export const updateMember = (ownerUid: string, memberId: string, body: Body): Promise<Member> =>
  apiFetch(`/multiuser/${encodeURIComponent(ownerUid)}/members/${encodeURIComponent(memberId)}`, Member, {
    method: 'PATCH',
    body,
  });

export function useUpdateMember(ownerUid: string, memberId: string) {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (body: Body) => updateMember(ownerUid, memberId, body),
    onSuccess: () => qc.invalidateQueries({ queryKey: memberKeys.list(ownerUid) }),
  });
}

import { useMutation, useQueryClient } from '@tanstack/react-query';
import { type InviteMemberBody, Member } from '@vigil/contracts';
import type { z } from 'zod';
import { apiFetch } from '../../../shared/api/client.ts';
import { memberKeys } from './keys.ts';

/** The body as sent: camera ids are plain strings here, the server checks them. */
type Body = z.input<typeof InviteMemberBody>;

/** POST /multiuser/:uid/members: invites someone by e-mail (decision 0011); the link is valid for a week. */
export const inviteMember = (ownerUid: string, body: Body): Promise<Member> =>
  apiFetch(`/multiuser/${encodeURIComponent(ownerUid)}/members`, Member, { method: 'POST', body });

export function useInviteMember(ownerUid: string) {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (body: Body) => inviteMember(ownerUid, body),
    onSuccess: () => qc.invalidateQueries({ queryKey: memberKeys.list(ownerUid) }),
  });
}

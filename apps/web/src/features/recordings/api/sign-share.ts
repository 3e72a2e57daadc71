import { useMutation, useQueryClient } from '@tanstack/react-query';
import { type SignShareBody, SignShareResult } from '@vigil/contracts';
import { apiFetch } from '../../../shared/api/client.ts';
import { recordingKeys } from './keys.ts';

/** POST /jwt/sign: a share link of a camera's range; the server builds and signs its claims. */
export const signShare = (body: SignShareBody) =>
  apiFetch('/jwt/sign', SignShareResult, { method: 'POST', body });

export function useSignShare() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: signShare,
    onSuccess: (_r, body) => qc.invalidateQueries({ queryKey: recordingKeys.links(body.uidd) }),
  });
}

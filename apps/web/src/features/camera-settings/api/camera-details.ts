import { useMutation, useQueryClient } from '@tanstack/react-query';
import { Camera, CameraTagsResult } from '@vigil/contracts';
import { apiFetch } from '../../../shared/api/client.ts';
import { cameraKeys } from '../../../shared/cameras/keys.ts';

/** PUT /phonename (spec 001 §7: uid, name). */
export function useRename() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: ({ uidd, name }: { uidd: string; name: string }) =>
      apiFetch('/phonename', Camera, { method: 'PUT', query: { uid: uidd, name } }),
    onSuccess: () => qc.invalidateQueries({ queryKey: cameraKeys.all }),
  });
}

/** PUT /cameras/tags (spec 001 §7: uidd[], changes[{uidd, tags}]). */
export function useSaveTags() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: ({ uidd, tags }: { uidd: string; tags: string[] }) =>
      apiFetch('/cameras/tags', CameraTagsResult, {
        method: 'PUT',
        body: { uidd: [uidd], changes: [{ uidd, tags }] },
      }),
    onSuccess: () => qc.invalidateQueries({ queryKey: cameraKeys.all }),
  });
}

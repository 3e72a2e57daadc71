import { useQuery } from '@tanstack/react-query';
import type { Camera, MultiUserAccessUser } from '@vigil/contracts';
import { apiFetch } from '../../../shared/api/client.ts';
import { useSession } from '../../../shared/session/store.ts';
import { eventKeys } from './keys.ts';

/** The cameras the signed-in person sees: their own and those of the accounts they may open (multi-user). */
export function useCameras() {
  const uid = useSession()?.uid;
  return useQuery({
    queryKey: [...eventKeys.cameras(), uid],
    queryFn: async ({ signal }) => {
      const others = await apiFetch<MultiUserAccessUser[]>(
        `/multiuser/${encodeURIComponent(uid!)}/access/users`,
        { signal },
      ).catch(() => []);
      const owners = [...new Set([uid!, ...others.map((o) => o.uid)])];
      return apiFetch<Camera[]>('/cameras', { query: { owner: owners.join(',') }, signal });
    },
    enabled: Boolean(uid),
  });
}

/** Names of some cameras (a group's, when its row is first expanded). */
export const getCameras = (uidds: readonly string[]) =>
  uidds.length ? apiFetch<Camera[]>('/cameras', { query: { uidd: uidds.join(',') } }) : Promise.resolve([]);

import { useQuery } from '@tanstack/react-query';
import type { Camera, MultiUserAccessUser } from '@vigil/contracts';
import { apiFetch } from '../../../shared/api/client.ts';
import { useSession } from '../../../shared/session/store.ts';
import { eventKeys } from './keys.ts';

/** The cameras the signed-in person sees: their own and those of the organisations they belong to. */
export function useCameras() {
  const session = useSession();
  const owners = session ? [session.uid, ...session.organisations.map((o) => o.id)] : [];
  return useQuery({
    queryKey: [...eventKeys.cameras(), owners],
    queryFn: ({ signal }) =>
      apiFetch<Camera[]>('/cameras', { query: { owner: [...new Set(owners)].join(',') }, signal }),
    enabled: owners.length > 0,
  });
}

/** Names of some cameras (a group's, when its row is first expanded). */
export const getCameras = (uidds: readonly string[]) =>
  uidds.length ? apiFetch<Camera[]>('/cameras', { query: { uidd: uidds.join(',') } }) : Promise.resolve([]);

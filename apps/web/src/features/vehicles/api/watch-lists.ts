import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { PlateListsResponse } from '@vigil/contracts';
import { apiFetch } from '../../../shared/api/client.ts';
import { vehicleKeys } from './keys.ts';

/** An account's plate allow and deny lists (GET /vehicles/watch-lists, decision 0796). */
export const useWatchLists = (uid: string | undefined) =>
  useQuery({
    queryKey: vehicleKeys.watchLists(uid ?? ''),
    queryFn: ({ signal }) =>
      apiFetch('/vehicles/watch-lists', PlateListsResponse, { query: { uid: uid ?? '' }, signal }),
    enabled: Boolean(uid),
  });

type Change = { uid: string; list: 'allow' | 'deny'; plate: string; note?: string };

/** Puts a plate on a list, or takes it off (POST / DELETE /vehicles/watch-lists): the answer is both lists. */
export function useChangeWatchList() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ remove, ...body }: Change & { remove?: boolean }) =>
      apiFetch('/vehicles/watch-lists', PlateListsResponse, { method: remove ? 'DELETE' : 'POST', body }),
    onSuccess: (lists) => client.setQueryData(vehicleKeys.watchLists(lists.uid), lists),
  });
}

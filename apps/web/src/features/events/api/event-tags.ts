import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { type EventItem, EventTags } from '@vigil/contracts';
import { apiFetch } from '../../../shared/api/client.ts';
import { type EventFilters, filterQuery } from '../../../shared/events/filters.ts';
import { eventKeys } from '../../../shared/events/keys.ts';

const tagPath = (e: Pick<EventItem, 'uid' | 'deviceId' | 'id'>) =>
  `/events/${encodeURIComponent(e.uid)}/${encodeURIComponent(e.deviceId)}/${encodeURIComponent(e.id)}/tags`;

export const addEventTag = (e: EventItem, tag: string) =>
  apiFetch(tagPath(e), EventTags, { method: 'POST', body: { tag } });
export const removeEventTag = (e: EventItem, tag: string) =>
  apiFetch(`${tagPath(e)}/${encodeURIComponent(tag)}`, EventTags, { method: 'DELETE' });

export function useEventTagChange() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: ({ event, tag, add }: { event: EventItem; tag: string; add: boolean }) =>
      add ? addEventTag(event, tag) : removeEventTag(event, tag),
    onSettled: () => qc.invalidateQueries({ queryKey: eventKeys.all }),
  });
}

/** Distinct tags of the events matching the filters (GET /events/tags). */
export const useEventTagList = (f: EventFilters) =>
  useQuery({
    queryKey: eventKeys.tags({ ...f, tags: undefined }),
    queryFn: ({ signal }) =>
      apiFetch('/events/tags', EventTags, { query: { ...filterQuery({ ...f, tags: undefined }) }, signal }),
    enabled: f.uidds.length > 0,
  });

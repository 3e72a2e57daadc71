import { infiniteQueryOptions, useInfiniteQuery } from '@tanstack/react-query';
import { EVENTS_PAGE_SIZE, EventItem } from '@vigil/contracts';
import { z } from 'zod';
import { apiFetch } from '../../../shared/api/client.ts';
import { type EventFilters, filterQuery } from '../../../shared/events/filters.ts';
import { eventKeys } from '../../../shared/events/keys.ts';

type Cursor = { endt: number; beforeId: string } | null;

/** One page of 50, newest first; the next is asked for from the last event (keyset, decision 0012). */
export const getEvents = (f: EventFilters, cursor: Cursor, signal?: AbortSignal) =>
  apiFetch('/events', z.array(EventItem), {
    query: { ...filterQuery(f), ...cursor },
    signal,
  });

export const eventsQuery = (f: EventFilters) =>
  infiniteQueryOptions({
    queryKey: eventKeys.list(f),
    queryFn: ({ pageParam, signal }) => getEvents(f, pageParam, signal),
    initialPageParam: null as Cursor,
    // Fewer than 50 means the last page (spec 001 §4).
    getNextPageParam: (last): Cursor => {
      const tail = last.at(-1);
      return last.length < EVENTS_PAGE_SIZE || !tail ? null : { endt: tail.startTime, beforeId: tail.id };
    },
    enabled: f.uidds.length > 0,
  });

export const useEvents = (f: EventFilters) => useInfiniteQuery(eventsQuery(f));

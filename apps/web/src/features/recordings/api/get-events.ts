import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import type { EventItem } from '@vigil/contracts';
import { apiFetch } from '../../../shared/api/client.ts';
import { recordingKeys } from './keys.ts';

/** GET /events with removeLimit: every event of the cameras in the window, for the timeline's markers. */
export const getEvents = (uidds: readonly string[], fromMs: number, toMs: number): Promise<EventItem[]> =>
  apiFetch<EventItem[]>('/events', {
    query: { uidd: uidds.join(','), startt: fromMs, endt: toMs, removeLimit: true },
  });

export const eventsQuery = (uidds: readonly string[], fromMs: number, toMs: number) =>
  queryOptions({
    queryKey: recordingKeys.events(uidds, fromMs, toMs),
    queryFn: () => getEvents(uidds, fromMs, toMs),
    enabled: uidds.length > 0,
    placeholderData: keepPreviousData,
    refetchInterval: 60_000,
  });
export const useEvents = (uidds: readonly string[], fromMs: number, toMs: number) =>
  useQuery(eventsQuery(uidds, fromMs, toMs));

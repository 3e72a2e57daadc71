import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { eventsInRangeQuery } from '../../../shared/events/events-in-range.ts';

/** The timeline's event markers: every event of the cameras in the window, from the shared events query (0106). */
export const useEvents = (uidds: readonly string[], fromMs: number, toMs: number) =>
  useQuery({
    ...eventsInRangeQuery(uidds, fromMs, toMs),
    placeholderData: keepPreviousData,
    refetchInterval: 60_000,
  });

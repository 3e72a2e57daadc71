import { useQuery } from '@tanstack/react-query';
import { eventsInRangeQuery } from '../../../shared/events/events-in-range.ts';

/** Every event of the day, for the hourly chart: the shared events query (decision 0106). */
export const useDayEvents = (uidds: string[], start: number, end: number) =>
  useQuery(eventsInRangeQuery(uidds, start, end));

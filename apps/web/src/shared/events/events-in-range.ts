import { queryOptions } from '@tanstack/react-query';
import { EventItem } from '@vigil/contracts';
import { z } from 'zod';
import { apiFetch } from '../api/client.ts';
import { eventKeys } from './keys.ts';

/** GET /events with removeLimit: every event of the cameras in the window (epoch ms). */
export const getEventsInRange = (
  uidds: readonly string[],
  fromMs: number,
  toMs: number,
  signal?: AbortSignal,
): Promise<EventItem[]> =>
  apiFetch('/events', z.array(EventItem), {
    query: { uidd: uidds.join(','), startt: fromMs, endt: toMs, removeLimit: true },
    signal,
  });

/**
 * The one query of "every event in a window" (decision 0106), for the recordings timeline and the dashboard; each
 * screen adds its own refresh options (`useQuery({ ...eventsInRangeQuery(…), refetchInterval })`).
 */
export const eventsInRangeQuery = (uidds: readonly string[], fromMs: number, toMs: number) =>
  queryOptions({
    queryKey: eventKeys.range(uidds, fromMs, toMs),
    queryFn: ({ signal }) => getEventsInRange(uidds, fromMs, toMs, signal),
    enabled: uidds.length > 0,
  });

import type { EventFilters } from './filters.ts';

/**
 * The cache keys of events, the one factory for every screen that shows them (decision 0106): the events page,
 * the recordings timeline's markers, the dashboard's chart. Everything is under `all`, so deleting or tagging
 * events, or an alert announced over the realtime stream, refreshes every view of them (habit 3).
 */
export const eventKeys = {
  all: ['events'] as const,
  lists: () => [...eventKeys.all, 'list'] as const,
  list: (f: EventFilters) => [...eventKeys.lists(), f] as const,
  labels: (f: EventFilters) => [...eventKeys.all, 'labels', f] as const,
  tags: (f: EventFilters) => [...eventKeys.all, 'tags', f] as const,
  /** Every event of these cameras in a window (GET /events with removeLimit): timeline markers, hourly chart. */
  range: (uidds: readonly string[], fromMs: number, toMs: number) =>
    [...eventKeys.all, 'range', [...uidds].sort().join(','), fromMs, toMs] as const,
  /** One event's labels with confidences: under `all`, so an alertUpdated refetches it with the lists. */
  rekog: (id: string) => [...eventKeys.all, 'rekog', id] as const,
  /** Not under `all`: invalidating the lists must not fetch every picture again (their URLs carry a version). */
  image: (url: string) => ['event-images', url] as const,
};

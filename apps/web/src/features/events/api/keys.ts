import type { EventFilters } from './filters.ts';

/** Cache keys of the events feature, from one factory (habit 2). */
export const eventKeys = {
  all: ['events'] as const,
  lists: () => [...eventKeys.all, 'list'] as const,
  list: (f: EventFilters) => [...eventKeys.lists(), f] as const,
  labels: (f: EventFilters) => [...eventKeys.all, 'labels', f] as const,
  tags: (f: EventFilters) => [...eventKeys.all, 'tags', f] as const,
  cameras: () => [...eventKeys.all, 'cameras'] as const,
  /** One event's labels with confidences: under `all`, so an alertUpdated refetches it with the lists. */
  rekog: (id: string) => [...eventKeys.all, 'rekog', id] as const,
  /** Not under `all`: invalidating the lists must not fetch every picture again (their URLs carry a version). */
  image: (url: string) => ['event-images', url] as const,
};

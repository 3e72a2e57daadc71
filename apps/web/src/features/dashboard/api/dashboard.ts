import { useQuery } from '@tanstack/react-query';
import type { CameraStatusResponse, EventItem } from '@vigil/contracts';
import { apiFetch } from '../../../shared/api/client.ts';
import { useVisibleCameras } from '../../../shared/cameras/visible-cameras.ts';

export const dashboardKeys = {
  all: ['dashboard'] as const,
  statuses: (uidds: string[]) => [...dashboardKeys.all, 'statuses', uidds] as const,
  events: (uidds: string[], start: number, end: number) =>
    [...dashboardKeys.all, 'events', uidds, start, end] as const,
};

/** The person's cameras and the shared ones (decision 0405). */
export const useDashboardCameras = () => useVisibleCameras();

/** Camera health at a glance: statuses every 30 s while the page is open. */
export const useStatuses = (uidds: string[]) =>
  useQuery({
    queryKey: dashboardKeys.statuses(uidds),
    queryFn: ({ signal }) =>
      apiFetch<CameraStatusResponse>('/cameras/status', { query: { 'uidd[]': uidds.join(',') }, signal }),
    enabled: uidds.length > 0,
    refetchInterval: 30_000,
  });

/** Every event of the day (removeLimit: a day's worth, for the hourly chart). */
export const useDayEvents = (uidds: string[], start: number, end: number) =>
  useQuery({
    queryKey: dashboardKeys.events(uidds, start, end),
    queryFn: ({ signal }) =>
      apiFetch<EventItem[]>('/events', {
        query: { uidd: uidds.join(','), startt: start, endt: end, removeLimit: true },
        signal,
      }),
    enabled: uidds.length > 0,
  });

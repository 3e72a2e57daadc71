import { useQuery } from '@tanstack/react-query';
import type { Camera, CameraStatusResponse, EventItem } from '@vigil/contracts';
import { apiFetch } from '../../../shared/api/client.ts';
import { useSession } from '../../../shared/session/store.ts';

export const dashboardKeys = {
  all: ['dashboard'] as const,
  cameras: (owners: string[]) => [...dashboardKeys.all, 'cameras', owners] as const,
  statuses: (uidds: string[]) => [...dashboardKeys.all, 'statuses', uidds] as const,
  events: (uidds: string[], start: number, end: number) =>
    [...dashboardKeys.all, 'events', uidds, start, end] as const,
};

export function useDashboardCameras() {
  const session = useSession();
  const owners = session ? [...new Set([session.uid, ...session.organisations.map((o) => o.id)])] : [];
  return useQuery({
    queryKey: dashboardKeys.cameras(owners),
    queryFn: ({ signal }) => apiFetch<Camera[]>('/cameras', { query: { owner: owners.join(',') }, signal }),
    enabled: owners.length > 0,
  });
}

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

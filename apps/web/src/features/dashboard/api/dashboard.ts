import { useQuery } from '@tanstack/react-query';
import type { Camera, CameraStatusResponse, EventItem, MultiUserAccessUser } from '@vigil/contracts';
import { apiFetch } from '../../../shared/api/client.ts';
import { useSession } from '../../../shared/session/store.ts';

export const dashboardKeys = {
  all: ['dashboard'] as const,
  cameras: (uid: string | undefined) => [...dashboardKeys.all, 'cameras', uid] as const,
  statuses: (uidds: string[]) => [...dashboardKeys.all, 'statuses', uidds] as const,
  events: (uidds: string[], start: number, end: number) =>
    [...dashboardKeys.all, 'events', uidds, start, end] as const,
};

/** The person's cameras and those of the accounts they may open (multi-user). */
export function useDashboardCameras() {
  const uid = useSession()?.uid;
  return useQuery({
    queryKey: dashboardKeys.cameras(uid),
    queryFn: async ({ signal }) => {
      const others = await apiFetch<MultiUserAccessUser[]>(
        `/multiuser/${encodeURIComponent(uid!)}/access/users`,
        {
          signal,
        },
      ).catch(() => []);
      const owners = [...new Set([uid!, ...others.map((o) => o.uid)])];
      return apiFetch<Camera[]>('/cameras', { query: { owner: owners.join(',') }, signal });
    },
    enabled: Boolean(uid),
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

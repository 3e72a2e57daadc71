import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  PpeCamerasResponse,
  PpeConfigResponse,
  PpeCountsResponse,
  type PpeItem,
  PpeViolationsResponse,
} from '@vigil/contracts';
import { apiFetch } from '../../../shared/api/client.ts';
import { sessionStore } from '../../../shared/session/store.ts';
import { ppeKeys } from './keys.ts';

export interface PpeFilter {
  uidds: readonly string[];
  startt: number;
  endt: number;
  kind?: PpeItem | undefined;
  zone?: string | undefined;
}

const query = (f: PpeFilter) => ({
  uidd: f.uidds.join(','),
  startt: f.startt,
  endt: f.endt,
  ...(f.kind ? { kind: f.kind } : {}),
  ...(f.zone ? { zone: f.zone } : {}),
});

/** Violations of the cameras, newest first (GET /ppe/violations, decision 0871). */
export const usePpeViolations = (f: PpeFilter) =>
  useQuery({
    queryKey: ppeKeys.violations(query(f)),
    queryFn: ({ signal }) => apiFetch('/ppe/violations', PpeViolationsResponse, { query: query(f), signal }),
    enabled: f.uidds.length > 0,
  });

/** Violations per camera and safety zone (GET /ppe/counts). */
export const usePpeCounts = (f: PpeFilter) =>
  useQuery({
    queryKey: ppeKeys.counts(query({ ...f, kind: undefined, zone: undefined })),
    queryFn: ({ signal }) =>
      apiFetch('/ppe/counts', PpeCountsResponse, {
        query: query({ ...f, kind: undefined, zone: undefined }),
        signal,
      }),
    enabled: f.uidds.length > 0,
  });

/** Which of the cameras have the PPE check on (GET /ppe/cameras). */
export const usePpeCameras = (uidds: readonly string[]) =>
  useQuery({
    queryKey: ppeKeys.cameras(uidds),
    queryFn: ({ signal }) =>
      apiFetch('/ppe/cameras', PpeCamerasResponse, { query: { uidd: uidds.join(',') }, signal }),
    enabled: uidds.length > 0,
  });

/** Switches a camera's PPE check (PUT /camera/{owner}/{device}/config/ppe; every zone of it is a safety zone). */
export function useSetPpe() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ uidd, enabled }: { uidd: string; enabled: boolean }) => {
      const [owner, device] = uidd.split('.') as [string, string];
      return apiFetch(
        `/camera/${encodeURIComponent(owner)}/${encodeURIComponent(device)}/config/ppe`,
        PpeConfigResponse,
        { method: 'PUT', body: { enabled } },
      );
    },
    onSettled: () => client.invalidateQueries({ queryKey: [...ppeKeys.all, 'cameras'] }),
  });
}

/** An event's still (served only with the Authorization header) as an object URL; null when there is none. */
export function usePpeStill(v: { uidd: string; eventId: string }) {
  const [uid, device] = v.uidd.split('.') as [string, string];
  const url = `/events/${encodeURIComponent(uid)}/${encodeURIComponent(device)}/${encodeURIComponent(v.eventId)}/still`;
  return useQuery({
    queryKey: ppeKeys.still(url),
    staleTime: Number.POSITIVE_INFINITY,
    gcTime: 5 * 60_000,
    retry: false,
    queryFn: async ({ signal }) => {
      const token = sessionStore.get()?.authToken;
      const res = await fetch(url, { headers: token ? { authorization: `Bearer ${token}` } : {}, signal });
      if (!res.ok) return null;
      return URL.createObjectURL(await res.blob());
    },
  });
}

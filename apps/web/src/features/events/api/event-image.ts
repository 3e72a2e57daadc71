import { useQuery } from '@tanstack/react-query';
import { eventKeys } from '../../../shared/events/keys.ts';
import { sessionStore } from '../../../shared/session/store.ts';

/**
 * An image the API serves only with the Authorization header (alert thumbnails, event stills: spec 001 §7
 * "fetched as binary"), as an object URL; undefined while loading, null when there is none.
 */
export function useAuthImage(url: string | undefined) {
  return useQuery({
    queryKey: eventKeys.image(url ?? ''),
    enabled: Boolean(url),
    staleTime: Number.POSITIVE_INFINITY,
    gcTime: 5 * 60_000,
    retry: false,
    queryFn: async ({ signal }) => {
      const token = sessionStore.get()?.authToken;
      const res = await fetch(url!, { headers: token ? { authorization: `Bearer ${token}` } : {}, signal });
      if (!res.ok) return null;
      return URL.createObjectURL(await res.blob());
    },
  });
}

type Picture = { uid: string; deviceId: string; id: string; endTime: number };
/** The event's pictures change when it ends (the peak's replace the start's): its end is the URL's version. */
export const thumbUrl = (e: Picture) => `/getalertthumb/${encodeURIComponent(e.id)}?v=${e.endTime}`;
export const stillUrl = (e: Picture) =>
  `/events/${encodeURIComponent(e.uid)}/${encodeURIComponent(e.deviceId)}/${encodeURIComponent(e.id)}/still?v=${e.endTime}`;

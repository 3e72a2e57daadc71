import { useQuery } from '@tanstack/react-query';
import { sessionStore } from '../../../shared/session/store.ts';
import { settingsKeys } from './keys.ts';

/**
 * The camera's latest still to draw areas over (GET /getthumb/{uid}/{deviceid}/{token}, spec 001 §7), as an object
 * URL; null when it has none. The token travels in the header, the path's token place holds "-" (decision 0014).
 */
export const useCameraStill = (uidd: string) =>
  useQuery({
    queryKey: settingsKeys.still(uidd),
    staleTime: 60_000,
    retry: false,
    queryFn: async ({ signal }): Promise<string | null> => {
      const dot = uidd.indexOf('.');
      const path = [uidd.slice(0, dot), uidd.slice(dot + 1)].map(encodeURIComponent).join('/');
      const res = await fetch(`/getthumb/${path}/-`, {
        headers: { authorization: `Bearer ${sessionStore.get()?.authToken ?? ''}`, accept: 'image/*' },
        signal,
      }).catch(() => null);
      const image = res?.ok && res.headers.get('content-type')?.startsWith('image/');
      return image ? URL.createObjectURL(await res.blob()) : null;
    },
  });

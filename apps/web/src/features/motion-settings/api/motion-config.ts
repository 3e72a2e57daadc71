import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  AnalyticsConfigResponse,
  type Camera,
  EventItem,
  MotionConfigResponse,
  type PatchMotionConfigBody,
} from '@vigil/contracts';
import { useCallback } from 'react';
import { z } from 'zod';
import { apiFetch } from '../../../shared/api/client.ts';
import { cameraKeys } from '../../../shared/cameras/keys.ts';
import { useCameraList } from '../../../shared/cameras/visible-cameras.ts';
import { sessionStore } from '../../../shared/session/store.ts';

export const motionKeys = {
  all: ['motion-settings'] as const,
  config: (uidd: string) => [...motionKeys.all, 'config', uidd] as const,
  backdrop: (uidd: string) => [...motionKeys.all, 'backdrop', uidd] as const,
};

/** Whether the camera's events get recognition labels: its `analyticsEnabled` in the one camera list (0106). */
export function useAnalytics(uidd: string) {
  const select = useCallback(
    (cameras: Camera[]) => cameras.find((c) => c.uidd === uidd)?.analyticsEnabled ?? false,
    [uidd],
  );
  return useCameraList(select);
}

/** PUT /camera/{owner}/{device}/config/analytics (decision 0555). */
export function useSaveAnalytics() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: ({ uidd, enabled }: { uidd: string; enabled: boolean }) => {
      const dot = uidd.indexOf('.');
      const [owner, device] = [uidd.slice(0, dot), uidd.slice(dot + 1)];
      return apiFetch(
        `/camera/${encodeURIComponent(owner)}/${encodeURIComponent(device)}/config/analytics`,
        AnalyticsConfigResponse,
        { method: 'PUT', body: { enabled } },
      );
    },
    // The flag lives in the camera list: every view of it refetches, and the dialog closes once it has (0106).
    onSuccess: () => qc.invalidateQueries({ queryKey: cameraKeys.all }),
  });
}

export const useMotionConfig = (uidd: string) =>
  useQuery({
    queryKey: motionKeys.config(uidd),
    queryFn: ({ signal }) =>
      apiFetch('/cameras/motion/config', MotionConfigResponse, { query: { uidd }, signal }),
  });

export function useSaveMotionConfig() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (body: PatchMotionConfigBody) =>
      apiFetch('/cameras/motion/config', MotionConfigResponse, { method: 'PATCH', body }),
    onSuccess: (res) => qc.setQueryData(motionKeys.config(res.uidd), res),
  });
}

/**
 * A picture of the camera to draw zones over: its latest still (GET /getthumb/{uid}/{deviceid}/{token}, spec 001
 * §7), else the high-resolution still of its latest event; null when there is neither.
 */
export const useBackdrop = (uidd: string) =>
  useQuery({
    queryKey: motionKeys.backdrop(uidd),
    staleTime: 60_000,
    retry: false,
    queryFn: async ({ signal }) => {
      const token = sessionStore.get()?.authToken ?? '';
      const [uid, deviceId] = [uidd.slice(0, uidd.indexOf('.')), uidd.slice(uidd.indexOf('.') + 1)];
      const auth = { authorization: `Bearer ${token}` };
      // The token goes in the header; the spec's path keeps a placeholder where a token would go, so the token
      // never lands in a URL (decision 0014).
      const still = await fetch(`/getthumb/${encodeURIComponent(uid)}/${encodeURIComponent(deviceId)}/-`, {
        headers: { ...auth, accept: 'image/*' },
        signal,
      }).catch(() => null);
      if (still?.ok && still.headers.get('content-type')?.startsWith('image/'))
        return URL.createObjectURL(await still.blob());
      const [latest] = await apiFetch('/events', z.array(EventItem), { query: { uidd }, signal }).catch(
        () => [],
      );
      if (!latest) return null;
      const res = await fetch(
        `/events/${encodeURIComponent(uid)}/${encodeURIComponent(deviceId)}/${encodeURIComponent(latest.id)}/still`,
        { headers: auth, signal },
      );
      return res.ok ? URL.createObjectURL(await res.blob()) : null;
    },
  });

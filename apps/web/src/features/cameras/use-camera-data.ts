import { useQueryClient } from '@tanstack/react-query';
import type { Uidd } from '@vigil/contracts';
import { useMemo } from 'react';
import { useRealtime } from '../../shared/realtime/use-realtime.ts';
import { useCameras } from './api/get-cameras.ts';
import { useStatuses } from './api/get-statuses.ts';
import { cameraKeys } from './api/keys.ts';

/**
 * The cameras and their statuses for the camera screens. Statuses are refreshed on a timer and whenever the
 * realtime stream announces a live session (events invalidate queries; no server state is copied).
 */
export function useCameraData() {
  const cameras = useCameras();
  const uidds = useMemo(() => (cameras.data ?? []).map((c) => c.uidd as Uidd), [cameras.data]);
  const statuses = useStatuses(uidds);
  const qc = useQueryClient();
  useRealtime(['liveSession'], uidds, () => void qc.invalidateQueries({ queryKey: cameraKeys.statusAll() }));
  return { cameras, statuses: statuses.data ?? new Map(), uidds };
}

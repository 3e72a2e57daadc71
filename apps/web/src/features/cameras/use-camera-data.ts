import { useQueryClient } from '@tanstack/react-query';
import type { Uidd } from '@vigil/contracts';
import { useMemo } from 'react';
import { cameraKeys } from '../../shared/cameras/keys.ts';
import { useStatuses } from '../../shared/cameras/statuses.ts';
import { useVisibleCameras } from '../../shared/cameras/visible-cameras.ts';
import { useRealtime } from '../../shared/realtime/use-realtime.ts';

/**
 * The cameras the person may see (their own and the shared ones, decision 0405) and their statuses. Statuses are refreshed on a timer and whenever the
 * realtime stream announces a live session (events invalidate queries; no server state is copied).
 */
export function useCameraData() {
  const cameras = useVisibleCameras();
  const uidds = useMemo(() => (cameras.data ?? []).map((c) => c.uidd as Uidd), [cameras.data]);
  const statuses = useStatuses(uidds);
  const qc = useQueryClient();
  useRealtime(['liveSession'], uidds, () => void qc.invalidateQueries({ queryKey: cameraKeys.statusAll() }));
  return { cameras, statuses: statuses.data ?? new Map(), uidds };
}

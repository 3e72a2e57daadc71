import { queryOptions, useQuery } from '@tanstack/react-query';
import { type CameraStatus, CameraStatusResponse, statusQueryChunks, type Uidd } from '@vigil/contracts';
import { apiFetch } from '../api/client.ts';
import { cameraKeys } from './keys.ts';

/**
 * How often camera statuses are asked again while a screen showing them is open (realtime events refresh sooner).
 * One query for every screen (the navigator, a camera, the dashboard: decision 0106).
 */
export const STATUS_REFRESH_MS = 10_000;

/**
 * GET /cameras/status, chunked so no query string passes the URL limit (spec 001 §5); a camera named in an
 * answer's errors is offline (spec 001 §4), kept here as a status with `status: 'offline'` and no times.
 */
export async function getStatuses(
  uidds: readonly Uidd[],
  signal?: AbortSignal,
): Promise<Map<Uidd, CameraStatus>> {
  const out = new Map<Uidd, CameraStatus>();
  const answers = await Promise.all(
    statusQueryChunks(uidds).map((c) =>
      apiFetch(`/cameras/status?${c.query}`, CameraStatusResponse, { signal }),
    ),
  );
  for (const a of answers) {
    for (const d of a.result.devices) out.set(d.uidd, d);
    for (const e of a.errors) out.set(e.uidd as Uidd, offlineStatus(e.uidd as Uidd));
  }
  return out;
}

function offlineStatus(uidd: Uidd): CameraStatus {
  return {
    uidd,
    deviceId: uidd.slice(uidd.indexOf('.') + 1) as CameraStatus['deviceId'],
    status: 'offline',
    lastThumbTime: null,
    lastActivity: null,
    lastStill: null,
    liveStreaming: false,
    localLiveStreaming: false,
    liveStreamName: null,
    sdLiveStreaming: false,
    sdLiveStreamName: null,
    wowza: null,
    sdWowza: null,
    problem: null,
  };
}

export const statusesQuery = (uidds: readonly Uidd[]) =>
  queryOptions({
    queryKey: cameraKeys.statuses(uidds),
    queryFn: ({ signal }) => getStatuses(uidds, signal),
    enabled: uidds.length > 0,
    refetchInterval: STATUS_REFRESH_MS,
  });

export const useStatuses = (uidds: readonly Uidd[]) => useQuery(statusesQuery(uidds));

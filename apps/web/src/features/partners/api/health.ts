import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { HealthCameraPage, SupportHealth } from '@vigil/contracts';
import { apiFetch } from '../../../shared/api/client.ts';
import { partnerKeys } from './keys.ts';

/**
 * GET /support/health: the fleet's recorders with their counts and first page of problem cameras, the error-report
 * rate and the alerts; every 10 s.
 */
export const useSupportHealth = () =>
  useQuery({
    queryKey: [...partnerKeys.health(), 'fleet'],
    queryFn: ({ signal }) => apiFetch('/support/health', SupportHealth, { signal }),
    refetchInterval: 10_000,
    retry: false,
  });

/**
 * GET /support/health/cameras: a further page of a recorder's problem cameras, or (no recorder) of the cameras no
 * recorder holds (decision 0747); every 10 s while shown, the page before kept on screen while the next loads.
 */
export const useHealthCameras = (recorder: string | undefined, offset: number, enabled: boolean) =>
  useQuery({
    queryKey: [...partnerKeys.health(), 'cameras', recorder ?? '', offset],
    queryFn: ({ signal }) =>
      apiFetch('/support/health/cameras', HealthCameraPage, { signal, query: { recorder, offset } }),
    refetchInterval: 10_000,
    placeholderData: keepPreviousData,
    retry: false,
    enabled,
  });

import { useQuery } from '@tanstack/react-query';
import { SupportHealth } from '@vigil/contracts';
import { apiFetch } from '../../../shared/api/client.ts';
import { partnerKeys } from './keys.ts';

/** GET /support/health: the fleet's recorders and cameras, the error-report rate and the alerts; every 10 s. */
export const useSupportHealth = () =>
  useQuery({
    queryKey: [...partnerKeys.health(), 'fleet'],
    queryFn: ({ signal }) => apiFetch('/support/health', SupportHealth, { signal }),
    refetchInterval: 10_000,
    retry: false,
  });

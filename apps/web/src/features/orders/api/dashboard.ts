import { useQuery } from '@tanstack/react-query';
import { OrdersDashboard } from '@vigil/contracts';
import { apiFetch } from '../../../shared/api/client.ts';
import { ORDERS_REFRESH_MS, orderKeys } from './keys.ts';

/** Orders and disputes per day of the zone (GET /takeaway/{uid}/dashboard). */
export const useOrdersDashboard = (uid: string, q: { from: number; to: number; tz: string }) =>
  useQuery({
    queryKey: orderKeys.dashboard(uid, q),
    queryFn: ({ signal }) =>
      apiFetch(`/takeaway/${encodeURIComponent(uid)}/dashboard`, OrdersDashboard, { query: q, signal }),
    refetchInterval: ORDERS_REFRESH_MS,
  });

import { useQuery } from '@tanstack/react-query';
import { VehicleCount } from '@vigil/contracts';
import { z } from 'zod';
import { apiFetch } from '../../../shared/api/client.ts';
import { vehicleKeys } from './keys.ts';

/** Vehicles per camera and hour (GET /vehicles/counts). */
export const useVehicleCounts = (q: { uidds: readonly string[]; startt: number; endt: number }) =>
  useQuery({
    queryKey: vehicleKeys.counts(q),
    queryFn: ({ signal }) =>
      apiFetch('/vehicles/counts', z.array(VehicleCount), {
        query: { uidd: q.uidds.join(','), startt: q.startt, endt: q.endt },
        signal,
      }),
    enabled: q.uidds.length > 0,
  });

import { useQuery } from '@tanstack/react-query';
import { SightingsResponse } from '@vigil/contracts';
import { apiFetch } from '../../../shared/api/client.ts';
import { vehicleKeys } from './keys.ts';

/** The plate log (GET /vehicles/sightings): a plate search checked beforehand (spec 001 §5), cameras, days. */
export const useSightings = (q: {
  uidds: readonly string[];
  plate?: string;
  startt?: number;
  endt?: number;
}) =>
  useQuery({
    queryKey: vehicleKeys.sightings(q),
    queryFn: ({ signal }) =>
      apiFetch('/vehicles/sightings', SightingsResponse, {
        query: { uidd: q.uidds.join(','), plate: q.plate, startt: q.startt, endt: q.endt },
        signal,
      }),
    enabled: q.uidds.length > 0,
  });

import { useQuery } from '@tanstack/react-query';
import { LineCountsResponse } from '@vigil/contracts';
import { apiFetch } from '../../../shared/api/client.ts';
import { peopleKeys } from './keys.ts';

/** A camera's crossings of its count lines per hour (GET /analytics/counts, decision 0794). */
export const useLineCounts = (q: { uidd: string | undefined; from: number; to: number }) =>
  useQuery({
    queryKey: peopleKeys.counts({ uidd: q.uidd ?? '', from: q.from, to: q.to }),
    queryFn: ({ signal }) =>
      apiFetch('/analytics/counts', LineCountsResponse, {
        query: { uidd: q.uidd ?? '', from: q.from, to: q.to },
        signal,
      }),
    enabled: Boolean(q.uidd),
  });

import { useQuery } from '@tanstack/react-query';
import { LabelCount } from '@vigil/contracts';
import { z } from 'zod';
import { apiFetch } from '../../../shared/api/client.ts';
import { type EventFilters, filterQuery } from '../../../shared/events/filters.ts';
import { eventKeys } from '../../../shared/events/keys.ts';

/** Recognition labels with their counts for the filters (GET /rekog/labels/count). */
export const useLabelCounts = (f: EventFilters) =>
  useQuery({
    queryKey: eventKeys.labels({ ...f, label: undefined }),
    queryFn: ({ signal }) =>
      apiFetch('/rekog/labels/count', z.array(LabelCount), {
        query: filterQuery({ ...f, label: undefined }),
        signal,
      }),
    enabled: f.uidds.length > 0,
  });

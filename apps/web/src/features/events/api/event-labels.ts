import { useQuery } from '@tanstack/react-query';
import { type EventItem, RekogResponse } from '@vigil/contracts';
import { apiFetch } from '../../../shared/api/client.ts';
import { eventKeys } from '../../../shared/events/keys.ts';

/** GET /alert/rekog (spec 001 §7: uid, alertid; the token goes in the Authorization header): labels, confidences. */
export const getEventLabels = (e: Pick<EventItem, 'uid' | 'id'>, signal?: AbortSignal) =>
  apiFetch('/alert/rekog', RekogResponse, { query: { uid: e.uid, alertid: e.id }, signal });

/** The labels of the event in the preview; the list's names stand in while they load (no layout jump). */
export const useEventLabels = (e: Pick<EventItem, 'uid' | 'id'> | undefined) =>
  useQuery({
    queryKey: eventKeys.rekog(e?.id ?? ''),
    queryFn: ({ signal }) => getEventLabels(e!, signal),
    enabled: Boolean(e),
    select: (r) => r.result,
  });

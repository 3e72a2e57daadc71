import { useMutation, useQueryClient } from '@tanstack/react-query';
import { DeleteEventsResult, deleteBatches, type EventItem } from '@vigil/contracts';
import { apiFetch } from '../../../shared/api/client.ts';
import { eventKeys } from '../../../shared/events/keys.ts';

/**
 * Deletes events in batches of at most 95, grouped by logger and camera (spec 001 §7): one call per batch, to
 * the camera's logger host (this origin when the logger is this server).
 */
export async function deleteEvents(
  events: readonly Pick<EventItem, 'id' | 'logger' | 'uid' | 'deviceId'>[],
  call: typeof apiFetch = apiFetch,
): Promise<number> {
  let deleted = 0;
  for (const b of deleteBatches(events)) {
    const res = await call(
      `/events/${encodeURIComponent(b.uid)}/${encodeURIComponent(b.deviceId)}`,
      DeleteEventsResult,
      { method: 'DELETE', body: { eventIds: b.eventIds }, base: loggerBase(b.logger) },
    );
    deleted += res.deleted;
  }
  return deleted;
}

/** A logger on this origin is called relatively; another host by its URL. */
function loggerBase(logger: string | null): string | undefined {
  if (!logger || typeof location === 'undefined') return undefined;
  try {
    return new URL(logger).origin === location.origin ? '' : logger.replace(/\/$/, '');
  } catch {
    return undefined;
  }
}

export function useDeleteEvents() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (events: readonly EventItem[]) => deleteEvents(events),
    onSettled: () => qc.invalidateQueries({ queryKey: eventKeys.all }),
  });
}

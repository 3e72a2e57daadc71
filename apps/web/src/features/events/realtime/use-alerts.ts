import { useQueryClient } from '@tanstack/react-query';
import type { RealtimeMessage, RealtimeType } from '@vigil/contracts';
import { useCallback } from 'react';
import { eventKeys } from '../../../shared/events/keys.ts';
import { useRealtime } from '../../../shared/realtime/use-realtime.ts';

const TYPES: readonly RealtimeType[] = ['alert', 'alertUpdated', 'ruleAlert'];

/** What an analytics rule's alert carries (decision 0704). */
export type RuleAlert = Extract<RealtimeMessage, { type: 'ruleAlert' }>['data'];

/**
 * What a realtime message means to the events page: a new event ('new'), a change to one already announced — its
 * labels stored, or its end (`alertUpdated`, decision 0556) —, an analytics rule that matched an event's picture
 * ('rule', decision 0704), or nothing of ours.
 */
export function alertChange(m: Pick<RealtimeMessage, 'type'>): 'new' | 'updated' | 'rule' | null {
  if (m.type === 'alert') return 'new';
  if (m.type === 'alertUpdated') return 'updated';
  if (m.type === 'ruleAlert') return 'rule';
  return null;
}

/**
 * New alerts and updates of these cameras' events arrive over GET /cameras/realtime/live?types=alert,alertUpdated
 * (the one realtime client, decision 0106); each invalidates the event queries (habit 3: the server stays the
 * source of truth), so the list, the label counts and an open preview show them without a reload. Only new alerts
 * are counted (`onAlert`). After the link was down, the queries are fetched again once it is back, as what was
 * announced meanwhile is not replayed.
 */
export function useAlerts(
  uidds: readonly string[],
  onAlert?: (data: RealtimeMessage['data']) => void,
  onRule?: (alert: RuleAlert) => void,
): void {
  const qc = useQueryClient();
  const refetch = useCallback(() => void qc.invalidateQueries({ queryKey: eventKeys.all }), [qc]);
  useRealtime(
    TYPES,
    uidds,
    (m) => {
      const change = alertChange(m);
      if (!change) return;
      if (m.type === 'ruleAlert') return onRule?.(m.data);
      if (change === 'new') onAlert?.(m.data);
      refetch();
    },
    refetch,
  );
}

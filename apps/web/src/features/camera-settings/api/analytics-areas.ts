import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  type AnalyticsAreaInput,
  AnalyticsAreasResponse,
  type AnalyticsRuleInput,
  AnalyticsRulesResponse,
  type PatchAreaBody,
  type PatchRulesBody,
} from '@vigil/contracts';
import { apiFetch } from '../../../shared/api/client.ts';
import { settingsKeys } from './keys.ts';

/** GET /analytics/areas?uidd= (spec 001 §7). */
export const useAreas = (uidd: string) =>
  useQuery({
    queryKey: settingsKeys.areas(uidd),
    queryFn: ({ signal }) =>
      apiFetch('/analytics/areas', AnalyticsAreasResponse, { query: { uidd }, signal }),
  });

/** GET /analytics/alerts/rules?uidd= (spec 001 §7). */
export const useRules = (uidd: string) =>
  useQuery({
    queryKey: settingsKeys.rules(uidd),
    queryFn: ({ signal }) =>
      apiFetch('/analytics/alerts/rules', AnalyticsRulesResponse, { query: { uidd }, signal }),
  });

export type AreaChange =
  | { op: 'create'; area: AnalyticsAreaInput }
  | { op: 'update'; id: string; area: PatchAreaBody['area'] }
  | { op: 'delete'; id: string };

/** POST, PATCH or DELETE /analytics/areas; each answers the camera's areas. */
export function useChangeArea(uidd: string) {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (c: AreaChange) => {
      const send = (method: 'POST' | 'PATCH' | 'DELETE', body: object, query?: { uidd: string }) =>
        apiFetch('/analytics/areas', AnalyticsAreasResponse, { method, body, query });
      if (c.op === 'create') return send('POST', { uidd, area: c.area });
      if (c.op === 'update') return send('PATCH', { uidd, areaIdsToUpdate: [c.id], area: c.area });
      return send('DELETE', { areas: [c.id] }, { uidd });
    },
    onSuccess: (res) => qc.setQueryData(settingsKeys.areas(uidd), res),
  });
}

export type RuleChange =
  | { op: 'create'; rule: AnalyticsRuleInput }
  | { op: 'update'; ids: string[]; rule: PatchRulesBody['rule'] }
  | { op: 'delete'; id: string };

/** POST, PATCH (ruleIdsToUpdate) or DELETE (body rules) /analytics/alerts/rules; each answers the camera's rules. */
export function useChangeRule(uidd: string) {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (c: RuleChange) => {
      const send = (method: 'POST' | 'PATCH' | 'DELETE', body: object, query?: { uidd: string }) =>
        apiFetch('/analytics/alerts/rules', AnalyticsRulesResponse, { method, body, query });
      if (c.op === 'create') return send('POST', { uidd, rule: c.rule });
      if (c.op === 'update') return send('PATCH', { uidd, ruleIdsToUpdate: c.ids, rule: c.rule });
      return send('DELETE', { rules: [c.id] }, { uidd });
    },
    onSuccess: (res) => qc.setQueryData(settingsKeys.rules(uidd), res),
  });
}

import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  groupRequestBatches,
  type ScheduleAction,
  ScheduleBatch,
  type ScheduleCategory,
  type ScheduleItem,
  type Uidd,
} from '@vigil/contracts';
import { apiFetch } from '../../../shared/api/client.ts';
import { useSession } from '../../../shared/session/store.ts';
import { settingsKeys } from './keys.ts';

const enc = encodeURIComponent;

/** GET /schedule/{id}?uidd= (one camera: far below the 1200-character batch limit). */
export function useSchedule(uidd: string) {
  const uid = useSession()?.uid ?? '';
  return useQuery({
    queryKey: settingsKeys.schedules(uidd),
    enabled: uid !== '',
    queryFn: ({ signal }) => apiFetch(`/schedule/${enc(uid)}`, ScheduleBatch, { query: { uidd }, signal }),
  });
}

/**
 * The schedules of many cameras (the /settings list): GET /schedule/{id}?uidd=a,b…, batched so the joined uidds stay
 * within 1200 characters (spec 000 §7, §9), the batches' entries merged.
 */
export function useSchedulesOf(uidds: readonly string[]) {
  const uid = useSession()?.uid ?? '';
  return useQuery({
    queryKey: settingsKeys.schedulesOf([...uidds].sort()),
    enabled: uid !== '' && uidds.length > 0,
    queryFn: async ({ signal }): Promise<ScheduleItem[]> => {
      const batches = groupRequestBatches(uidds as Uidd[]);
      const answers = await Promise.all(
        batches.map((b) =>
          apiFetch(`/schedule/${enc(uid)}`, ScheduleBatch, { query: { uidd: b.join(',') }, signal }),
        ),
      );
      return answers.flatMap((a) => a.result);
    },
  });
}

export interface ScheduleEdit {
  uidd: string;
  category: ScheduleCategory;
  localTime: string;
  daysOfWeek: number[];
  /** Absent: delete the entries at localTime on those days. */
  action?: ScheduleAction;
}

/** POST /schedule/{x}/{category}/{local_time}/{action}, or DELETE /schedule/{x}/{category}/{local_time}. */
export function useEditSchedule() {
  const qc = useQueryClient();
  const uid = useSession()?.uid ?? '';
  return useMutation({
    mutationFn: (e: ScheduleEdit) => {
      const base = `/schedule/${enc(uid)}/${enc(e.category)}/${enc(e.localTime)}`;
      const body = { uidd: e.uidd, daysOfWeek: e.daysOfWeek };
      return e.action
        ? apiFetch(`${base}/${enc(e.action)}`, ScheduleBatch, { method: 'POST', body })
        : apiFetch(base, ScheduleBatch, { method: 'DELETE', body });
    },
    onSuccess: (res, e) => {
      qc.setQueryData(settingsKeys.schedules(e.uidd), res);
      void qc.invalidateQueries({ queryKey: settingsKeys.schedulesOf() });
    },
  });
}

/**
 * Replaces the camera's recording entries with those of a painted week (`entriesOf`): the old ones removed time by
 * time, the new ones added; the schedule's last answer is kept.
 */
export function useSaveWeek() {
  const qc = useQueryClient();
  const uid = useSession()?.uid ?? '';
  return useMutation({
    mutationFn: async (o: {
      uidd: string;
      current: readonly { category: string; local_time: string; day_of_week: number }[];
      next: ReadonlyArray<{ localTime: string; action: ScheduleAction; days: number[] }>;
    }) => {
      const base = `/schedule/${enc(uid)}/recording`;
      const old = new Map<string, number[]>();
      for (const e of o.current)
        if (e.category === 'recording')
          old.set(e.local_time, [...(old.get(e.local_time) ?? []), e.day_of_week]);
      let last: ScheduleBatch | undefined;
      for (const [time, days] of old)
        last = await apiFetch(`${base}/${enc(time)}`, ScheduleBatch, {
          method: 'DELETE',
          body: { uidd: o.uidd, daysOfWeek: days },
        });
      for (const e of o.next)
        last = await apiFetch(`${base}/${enc(e.localTime)}/${e.action}`, ScheduleBatch, {
          method: 'POST',
          body: { uidd: o.uidd, daysOfWeek: e.days },
        });
      return last;
    },
    onSuccess: (res, o) => {
      if (res) qc.setQueryData(settingsKeys.schedules(o.uidd), res);
      void qc.invalidateQueries({ queryKey: settingsKeys.schedulesOf() });
    },
  });
}

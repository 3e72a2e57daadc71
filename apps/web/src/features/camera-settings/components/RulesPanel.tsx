import {
  type AnalyticsArea,
  type AnalyticsRule,
  type AnalyticsRuleInput,
  PLATE_RULE_CLASSES,
  RULE_OBJECT_CLASSES,
} from '@vigil/contracts';
import { type FormEvent, useState } from 'react';
import { useTranslation } from '../../../shared/i18n/use-translation.ts';
import { FormError } from '../../../shared/ui/FormError.tsx';
import { StatusMessage } from '../../../shared/ui/StatusMessage.tsx';
import { fit, inputClass, primaryButton, smallButton } from '../../../shared/ui/styles.ts';
import { type RuleChange, useChangeRule, useRules } from '../api/analytics-areas.ts';
import { DayPicker } from './ScheduleSection.tsx';
import { useFeedback } from './use-feedback.ts';
import '../../../shared/i18n/settings.texts.ts';

/** What a zone's rule may watch for: something seen in it, or a vehicle in it whose plate a watch-list names. */
const ZONE_EVENTS = ['presence', 'plateDenied', 'plateNotAllowed'] as const;
type ZoneEvent = (typeof ZONE_EVENTS)[number];

/** The object classes a rule of this kind may watch: plate rules only vehicles whose plates are read (0790). */
export function classesFor(event: ZoneEvent | 'crossing'): readonly string[] {
  return event === 'plateDenied' || event === 'plateNotAllowed' ? PLATE_RULE_CLASSES : RULE_OBJECT_CLASSES;
}

/** The rule a filled-in form asks for (presence or a plate on a zone, crossing on a line), from its named fields. */
export function ruleOf(data: FormData, area: AnalyticsArea): AnalyticsRuleInput {
  const line = area.kind === 'line';
  const text = (k: string) => (data.get(k) as string | null) ?? '';
  const timed = data.get('timed') === 'on';
  return {
    name: text('name').trim(),
    areaId: area.id,
    objectClass: data.get('objectClass') as AnalyticsRuleInput['objectClass'],
    event: line ? 'crossing' : ((data.get('event') as ZoneEvent | null) ?? 'presence'),
    direction: line ? (data.get('direction') as AnalyticsRuleInput['direction']) : null,
    schedule: timed ? { days: data.getAll('day').map(Number), from: text('from'), to: text('to') } : null,
    notify: data.get('notify') === 'on',
    enabled: true,
  };
}

/** The camera's alert rules: each with its on/off switch and delete, and a form to add one. */
export function RulesPanel({
  uidd,
  areas,
  canChange,
}: {
  uidd: string;
  areas: AnalyticsArea[];
  canChange: boolean;
}) {
  const { t } = useTranslation();
  const rules = useRules(uidd);
  const change = useChangeRule(uidd);
  const feedback = useFeedback();
  const run = (c: RuleChange) => feedback.run(() => change.mutateAsync(c));
  return (
    <div className="space-y-2 border-t border-neutral-200 pt-3">
      <h3 className="text-sm font-semibold">{t('analyticsAreas.rules')}</h3>
      <ul aria-label={t('analyticsAreas.rules')} className="divide-y divide-neutral-200">
        {(rules.data?.rules ?? []).length === 0 && (
          <li className="py-2 text-sm text-neutral-600">{t('analyticsAreas.noRules')}</li>
        )}
        {(rules.data?.rules ?? []).map((r) => (
          <RuleRow key={r.id} rule={r} areas={areas} canChange={canChange} onChange={run} />
        ))}
      </ul>
      {areas.length > 0 && (
        <NewRuleForm areas={areas} canChange={canChange} pending={change.isPending} onCreate={run} />
      )}
      <StatusMessage message={feedback.saved} />
      <FormError message={feedback.error} />
    </div>
  );
}

function RuleRow({
  rule,
  areas,
  canChange,
  onChange,
}: {
  rule: AnalyticsRule;
  areas: AnalyticsArea[];
  canChange: boolean;
  onChange: (c: RuleChange) => Promise<boolean>;
}) {
  const { t } = useTranslation();
  const area = areas.find((a) => a.id === rule.areaId)?.name ?? '?';
  const s = rule.schedule;
  return (
    <li className="flex flex-wrap items-center justify-between gap-2 py-2 text-sm">
      <span>
        <span className="font-medium">{rule.name}</span>
        {': '}
        {t(`analyticsAreas.ruleText.${rule.event}`, {
          object: t(`analyticsAreas.objects.${rule.objectClass}`),
          area,
          direction: t(`analyticsAreas.directions.${rule.direction ?? 'both'}`),
        })}
        {s &&
          ` ${t('analyticsAreas.when', { days: s.days.map((d) => t(`cameraSettings.days.${d}`)).join(', '), from: s.from, to: s.to })}`}
      </span>
      <form
        className="flex items-center gap-2"
        onSubmit={(e: FormEvent<HTMLFormElement>) => {
          e.preventDefault();
          const submitter = (e.nativeEvent as SubmitEvent).submitter as HTMLButtonElement | null;
          if (submitter?.value === 'delete') void onChange({ op: 'delete', id: rule.id });
          else void onChange({ op: 'update', ids: [rule.id], rule: { enabled: !rule.enabled } });
        }}
      >
        <button
          type="submit"
          value="toggle"
          className={smallButton}
          disabled={!canChange}
          aria-pressed={rule.enabled}
          aria-label={t('analyticsAreas.enabledOne', { name: rule.name })}
        >
          {rule.enabled ? t('analyticsAreas.on') : t('analyticsAreas.off')}
        </button>
        <button
          type="submit"
          value="delete"
          className={smallButton}
          disabled={!canChange}
          aria-label={t('analyticsAreas.deleteOne', { name: rule.name })}
        >
          {t('analyticsAreas.delete')}
        </button>
      </form>
    </li>
  );
}

function NewRuleForm({
  areas,
  canChange,
  pending,
  onCreate,
}: {
  areas: AnalyticsArea[];
  canChange: boolean;
  pending: boolean;
  onCreate: (c: RuleChange) => Promise<boolean>;
}) {
  const { t } = useTranslation();
  const [areaId, setAreaId] = useState(areas[0]!.id);
  const [timed, setTimed] = useState(false);
  const [event, setEvent] = useState<ZoneEvent>('presence');
  const area = areas.find((a) => a.id === areaId) ?? areas[0]!;
  const onSubmit = async (e: FormEvent<HTMLFormElement>) => {
    e.preventDefault();
    const form = e.currentTarget;
    if (await onCreate({ op: 'create', rule: ruleOf(new FormData(form), area) })) form.reset();
  };
  return (
    <form className="space-y-2" onSubmit={(e) => void onSubmit(e)} aria-label={t('analyticsAreas.newRule')}>
      <fieldset disabled={!canChange} className="grid grid-cols-1 gap-2 sm:grid-cols-2">
        <label className="text-sm font-medium">
          {t('analyticsAreas.ruleName')}
          <input name="name" required maxLength={40} className={inputClass} />
        </label>
        <label className="text-sm font-medium">
          {t('analyticsAreas.area')}
          <select
            name="area"
            className={inputClass}
            value={area.id}
            onChange={(e) => setAreaId(e.target.value)}
          >
            {areas.map((a) => (
              <option key={a.id} value={a.id}>
                {a.name}
              </option>
            ))}
          </select>
        </label>
        <RuleWhat line={area.kind === 'line'} event={event} onEvent={setEvent} />
      </fieldset>
      <RuleOptions timed={timed} onTimed={setTimed} disabled={!canChange} />
      <button type="submit" className={fit(primaryButton)} disabled={!canChange || pending}>
        {t('analyticsAreas.addRule')}
      </button>
    </form>
  );
}

/** What a new rule watches for: on a zone its kind (seen, or a listed plate), the object, on a line the direction. */
function RuleWhat({
  line,
  event,
  onEvent,
}: {
  line: boolean;
  event: ZoneEvent;
  onEvent: (e: ZoneEvent) => void;
}) {
  const { t } = useTranslation();
  const kind = line ? 'crossing' : event;
  return (
    <>
      {!line && (
        <label className="text-sm font-medium">
          {t('analyticsAreas.event')}
          <select
            name="event"
            className={inputClass}
            value={event}
            onChange={(e) => onEvent(e.target.value as ZoneEvent)}
          >
            {ZONE_EVENTS.map((k) => (
              <option key={k} value={k}>
                {t(`analyticsAreas.events.${k}`)}
              </option>
            ))}
          </select>
        </label>
      )}
      <label className="text-sm font-medium">
        {t('analyticsAreas.object')}
        <select name="objectClass" key={kind} className={inputClass}>
          {classesFor(kind).map((c) => (
            <option key={c} value={c}>
              {t(`analyticsAreas.objects.${c}`)}
            </option>
          ))}
        </select>
      </label>
      {line && (
        <label className="text-sm font-medium">
          {t('analyticsAreas.direction')}
          <select name="direction" className={inputClass}>
            {(['both', 'in', 'out'] as const).map((d) => (
              <option key={d} value={d}>
                {t(`analyticsAreas.directions.${d}`)}
              </option>
            ))}
          </select>
        </label>
      )}
    </>
  );
}

function RuleOptions({
  timed,
  onTimed,
  disabled,
}: {
  timed: boolean;
  onTimed: (v: boolean) => void;
  disabled: boolean;
}) {
  const { t } = useTranslation();
  return (
    <fieldset disabled={disabled} className="space-y-2">
      <label className="flex min-h-11 items-center gap-2 text-sm">
        <input type="checkbox" name="notify" defaultChecked className="h-5 w-5" />
        {t('analyticsAreas.notify')}
      </label>
      <label className="flex min-h-11 items-center gap-2 text-sm">
        <input
          type="checkbox"
          name="timed"
          checked={timed}
          onChange={(e) => onTimed(e.target.checked)}
          className="h-5 w-5"
        />
        {t('analyticsAreas.timed')}
      </label>
      {timed && (
        <>
          <DayPicker disabled={disabled} />
          <div className="grid grid-cols-2 gap-2">
            <label className="text-sm font-medium">
              {t('analyticsAreas.from')}
              <input name="from" type="time" required defaultValue="22:00" className={inputClass} />
            </label>
            <label className="text-sm font-medium">
              {t('analyticsAreas.to')}
              <input name="to" type="time" required defaultValue="06:00" className={inputClass} />
            </label>
          </div>
        </>
      )}
    </fieldset>
  );
}

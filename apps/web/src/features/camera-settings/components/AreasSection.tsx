import type { AnalyticsArea, AnalyticsAreaKind } from '@vigil/contracts';
import { useState } from 'react';
import { useTranslation } from '../../../shared/i18n/use-translation.ts';
import { FormError } from '../../../shared/ui/FormError.tsx';
import { StatusMessage } from '../../../shared/ui/StatusMessage.tsx';
import { smallButton } from '../../../shared/ui/styles.ts';
import { type AreaChange, useAreas, useChangeArea } from '../api/analytics-areas.ts';
import { useCameraStill } from '../api/camera-still.ts';
import { type AreaDraft, AreaEditor } from './AreaEditor.tsx';
import { RulesPanel } from './RulesPanel.tsx';
import { Section } from './Section.tsx';
import { useFeedback } from './use-feedback.ts';
import '../../../shared/i18n/settings.texts.ts';

/**
 * Analytics areas and alert rules (spec 001 §7 Analytics rules, decision 0704): the camera's zones and count lines,
 * each drawn over its still, and the rules that make alerts from them.
 */
export function AreasSection({ uidd, canChange }: { uidd: string; canChange: boolean }) {
  const { t } = useTranslation();
  const areas = useAreas(uidd);
  const change = useChangeArea(uidd);
  const still = useCameraStill(uidd);
  const feedback = useFeedback();
  const [editing, setEditing] = useState<AreaDraft | null>(null);
  const list = areas.data?.areas ?? [];
  const run = async (c: AreaChange) => {
    if (await feedback.run(() => change.mutateAsync(c))) setEditing(null);
  };
  const start = (kind: AnalyticsAreaKind) =>
    setEditing({ kind, name: t(`analyticsAreas.defaultName.${kind}`, { n: list.length + 1 }), points: [] });
  return (
    <Section title={t('analyticsAreas.title')}>
      <p className="text-sm text-neutral-600">{t('analyticsAreas.intro')}</p>
      <AreaList
        areas={list}
        canChange={canChange && !editing}
        onEdit={(a) => setEditing({ id: a.id, name: a.name, kind: a.kind, points: a.points })}
        onDelete={(a) => void run({ op: 'delete', id: a.id })}
      />
      {editing ? (
        <AreaEditor
          key={editing.id ?? 'new'}
          draft={editing}
          backdrop={still.isPending ? undefined : (still.data ?? null)}
          others={list.filter((a) => a.id !== editing.id)}
          pending={change.isPending}
          error={feedback.error}
          onCancel={() => setEditing(null)}
          onSave={(name, points) =>
            void run(
              editing.id
                ? { op: 'update', id: editing.id, area: { name, points } }
                : { op: 'create', area: { name, kind: editing.kind, points } },
            )
          }
        />
      ) : (
        <div className="flex flex-wrap gap-2">
          <button type="button" className={smallButton} disabled={!canChange} onClick={() => start('zone')}>
            {t('analyticsAreas.addZone')}
          </button>
          <button type="button" className={smallButton} disabled={!canChange} onClick={() => start('line')}>
            {t('analyticsAreas.addLine')}
          </button>
        </div>
      )}
      <StatusMessage message={feedback.saved} />
      {!editing && <FormError message={feedback.error} />}
      <RulesPanel uidd={uidd} areas={list} canChange={canChange} />
    </Section>
  );
}

function AreaList({
  areas,
  canChange,
  onEdit,
  onDelete,
}: {
  areas: AnalyticsArea[];
  canChange: boolean;
  onEdit: (a: AnalyticsArea) => void;
  onDelete: (a: AnalyticsArea) => void;
}) {
  const { t } = useTranslation();
  return (
    <ul aria-label={t('analyticsAreas.list')} className="divide-y divide-neutral-200">
      {areas.length === 0 && <li className="py-2 text-sm text-neutral-600">{t('analyticsAreas.none')}</li>}
      {areas.map((a) => (
        <li key={a.id} className="flex flex-wrap items-center justify-between gap-2 py-2 text-sm">
          <span>{t(`analyticsAreas.kindOf.${a.kind}`, { name: a.name, count: a.points.length })}</span>
          <form
            className="flex gap-2"
            onSubmit={(e) => {
              e.preventDefault();
              onDelete(a);
            }}
          >
            <button
              type="button"
              className={smallButton}
              disabled={!canChange}
              onClick={() => onEdit(a)}
              aria-label={t('analyticsAreas.editOne', { name: a.name })}
            >
              {t('analyticsAreas.edit')}
            </button>
            <button
              type="submit"
              className={smallButton}
              disabled={!canChange}
              aria-label={t('analyticsAreas.deleteOne', { name: a.name })}
            >
              {t('analyticsAreas.delete')}
            </button>
          </form>
        </li>
      ))}
    </ul>
  );
}

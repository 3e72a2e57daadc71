import { type FormEvent, useId } from 'react';
import { useTranslation } from '../../../shared/i18n/use-translation.ts';
import { FormError } from '../../../shared/ui/FormError.tsx';
import { StatusMessage } from '../../../shared/ui/StatusMessage.tsx';
import { fit, inputClass, primaryButton, smallButton } from '../../../shared/ui/styles.ts';
import { type PresetChange, useChangePreset, usePtzConfig } from '../api/ptz-presets.ts';
import { Section } from './Section.tsx';
import { useFeedback } from './use-feedback.ts';
import '../../../shared/i18n/settings.texts.ts';

/**
 * PTZ presets (decision 0705), kept by the camera: each with "Go to" and "Delete", and "Save where it points now"
 * under a name. Shown for cameras with PTZ to people with the PTZ right.
 */
export function PtzSection({ uidd }: { uidd: string }) {
  const { t } = useTranslation();
  const config = usePtzConfig(uidd, true);
  const change = useChangePreset(uidd);
  const feedback = useFeedback();
  const nameId = useId();
  const run = (c: PresetChange) => feedback.run(() => change.mutateAsync(c));
  const onSave = async (e: FormEvent<HTMLFormElement>) => {
    e.preventDefault();
    const form = e.currentTarget;
    const name = ((new FormData(form).get('name') as string | null) ?? '').trim();
    if (await run({ op: 'save', name })) form.reset();
  };
  const presets = config.data?.settings.presets ?? [];
  return (
    <Section title={t('ptzPresets.title')}>
      {config.isError && <FormError message={t('ptzPresets.unreachable')} />}
      <ul aria-label={t('ptzPresets.list')} className="divide-y divide-neutral-200">
        {config.isSuccess && presets.length === 0 && (
          <li className="py-2 text-sm text-neutral-600">{t('ptzPresets.none')}</li>
        )}
        {presets.map((p) => (
          <li key={p.token} className="flex flex-wrap items-center justify-between gap-2 py-2 text-sm">
            <span>{p.name}</span>
            <form
              className="flex gap-2"
              onSubmit={(e) => {
                e.preventDefault();
                const submitter = (e.nativeEvent as SubmitEvent).submitter as HTMLButtonElement | null;
                void run({ op: submitter?.value === 'delete' ? 'delete' : 'goto', token: p.token });
              }}
            >
              <button
                type="submit"
                value="goto"
                className={smallButton}
                aria-label={t('ptzPresets.gotoOne', { name: p.name })}
              >
                {t('ptzPresets.goto')}
              </button>
              <button
                type="submit"
                value="delete"
                className={smallButton}
                aria-label={t('ptzPresets.deleteOne', { name: p.name })}
              >
                {t('ptzPresets.delete')}
              </button>
            </form>
          </li>
        ))}
      </ul>
      <form className="space-y-2" onSubmit={(e) => void onSave(e)}>
        <label htmlFor={nameId} className="block text-sm font-medium">
          {t('ptzPresets.name')}
          <input
            id={nameId}
            name="name"
            required
            maxLength={40}
            pattern="[A-Za-z0-9 ._\-]+"
            className={inputClass}
          />
        </label>
        <button type="submit" className={fit(primaryButton)} disabled={change.isPending}>
          {t('ptzPresets.save')}
        </button>
      </form>
      <StatusMessage message={feedback.saved} />
      <FormError message={feedback.error} />
    </Section>
  );
}

import { ANALYTICS_SCHEMES, type AnalyticsScheme } from '@vigil/contracts';
import { type FormEvent, useId } from 'react';
import { useTranslation } from '../../../shared/i18n/use-translation.ts';
import { FormError } from '../../../shared/ui/FormError.tsx';
import { StatusMessage } from '../../../shared/ui/StatusMessage.tsx';
import { fit, inputClass, primaryButton } from '../../../shared/ui/styles.ts';
import { useAnalyticsConfig, useSaveAnalyticsConfig } from '../api/analytics-config.ts';
import { PpeSetting } from './PpeSetting.tsx';
import { Section } from './Section.tsx';
import { useFeedback } from './use-feedback.ts';
import '../../../shared/i18n/settings.texts.ts';

/** Analytics on or off and its scheme (PUT /cameras/config/analytics); add-ons outside the plan are refused. */
export function AnalyticsSection({ uidd, canChange }: { uidd: string; canChange: boolean }) {
  const { t } = useTranslation();
  const config = useAnalyticsConfig(uidd);
  const save = useSaveAnalyticsConfig();
  const feedback = useFeedback();
  const enabledId = useId();
  const schemeId = useId();
  const onSubmit = (e: FormEvent<HTMLFormElement>) => {
    e.preventDefault();
    const form = e.currentTarget.elements;
    const enabled = (form.namedItem('enabled') as HTMLInputElement).checked;
    const scheme = (form.namedItem('scheme') as HTMLSelectElement).value as AnalyticsScheme;
    void feedback.run(() => save.mutateAsync({ uidd, enabled, scheme }));
  };
  if (!config.data) return null;
  const s = config.data.settings;
  // Keyed by the saved settings: a refused change shows the saved ones again.
  return (
    <Section title={t('cameraSettings.analytics')}>
      <form key={`${s.enabled}${s.scheme}`} className="space-y-2" onSubmit={onSubmit}>
        <label htmlFor={enabledId} className="flex items-center gap-2 text-sm font-medium">
          <input
            id={enabledId}
            name="enabled"
            type="checkbox"
            className="h-5 w-5"
            defaultChecked={s.enabled}
            disabled={!canChange}
          />
          {t('cameraSettings.analyticsOn')}
        </label>
        <label htmlFor={schemeId} className="text-sm font-medium">
          {t('cameraSettings.scheme')}
        </label>
        <select
          id={schemeId}
          name="scheme"
          className={inputClass}
          defaultValue={s.scheme ?? 'objects'}
          disabled={!canChange}
        >
          {ANALYTICS_SCHEMES.map((k) => (
            <option key={k} value={k}>
              {t(`cameraSettings.schemes.${k}`)}
            </option>
          ))}
        </select>
        <button type="submit" className={fit(primaryButton)} disabled={!canChange || save.isPending}>
          {t('cameraSettings.saveAnalytics')}
        </button>
        <StatusMessage message={feedback.saved} />
        <FormError message={feedback.error} />
      </form>
      <PpeSetting uidd={uidd} canChange={canChange} />
    </Section>
  );
}

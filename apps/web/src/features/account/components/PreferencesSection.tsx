import { useMemo, useState } from 'react';
import { errorText } from '../../../shared/api/error-text.ts';
import { chooseLanguage, type Language, SUPPORTED_LANGUAGES } from '../../../shared/i18n/index.ts';
import { useTranslation } from '../../../shared/i18n/use-translation.ts';
import { browserTimeZone } from '../../../shared/session/time-zone.ts';
import { FormError } from '../../../shared/ui/FormError.tsx';
import { SelectField } from '../../../shared/ui/SelectField.tsx';
import { StatusMessage } from '../../../shared/ui/StatusMessage.tsx';
import { useSetPreferences } from '../api/set-preferences.ts';
import { AccountSection } from './AccountSection.tsx';
import '../../../shared/i18n/accounts.texts.ts';

/** Each language named in itself, so a person who cannot read the current one still finds theirs. */
const NAMES: Record<Language, string> = { en: 'English', fr: 'Français' };

/**
 * Language and time zone, saved with the account as soon as they are picked. The language applies at once here
 * and on every device at sign-in; the time zone is the one times are shown in (empty: the browser's).
 */
export function PreferencesSection({ uid, timezone }: { uid: string; timezone: string | null }) {
  const { t, i18n } = useTranslation();
  const save = useSetPreferences(uid);
  const [saved, setSaved] = useState<'language' | 'timezone'>();
  const zones = useMemo(() => Intl.supportedValuesOf('timeZone'), []);

  const onLanguage = (lng: Language) =>
    save.mutate(
      { language: lng },
      {
        onSuccess: () => {
          chooseLanguage(lng);
          setSaved('language');
        },
      },
    );
  const onZone = (zone: string) =>
    save.mutate({ timezone: zone || null }, { onSuccess: () => setSaved('timezone') });

  return (
    <AccountSection title={t('account.preferences.title')}>
      <div className="grid gap-4 sm:grid-cols-2">
        <SelectField
          label={t('account.preferences.language')}
          name="language"
          lang={i18n.language}
          value={i18n.language}
          disabled={save.isPending}
          onChange={(e) => onLanguage(e.target.value as Language)}
        >
          {SUPPORTED_LANGUAGES.map((l) => (
            <option key={l} value={l} lang={l}>
              {NAMES[l]}
            </option>
          ))}
        </SelectField>
        <SelectField
          label={t('account.preferences.timezone')}
          name="timezone"
          value={timezone ?? ''}
          disabled={save.isPending}
          onChange={(e) => onZone(e.target.value)}
        >
          <option value="">{t('account.preferences.browserZone', { zone: browserTimeZone() })}</option>
          {zones.map((z) => (
            <option key={z} value={z}>
              {z.replaceAll('_', ' ')}
            </option>
          ))}
        </SelectField>
      </div>
      <div className="mt-3 space-y-2">
        <FormError message={save.error ? errorText(save.error, t) : undefined} />
        <StatusMessage message={saved ? t(`account.preferences.saved.${saved}`) : undefined} />
      </div>
    </AccountSection>
  );
}

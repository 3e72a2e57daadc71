import { useId } from 'react';
import { chooseLanguage, type Language, SUPPORTED_LANGUAGES } from '../../shared/i18n/index.ts';
import { useTranslation } from '../../shared/i18n/use-translation.ts';

const NAMES: Record<Language, string> = { en: 'English', fr: 'Français' };

/** Interface language; the choice is kept on this device across sign-outs. */
export function LanguagePicker({ className = '' }: { className?: string }) {
  const { t, i18n } = useTranslation();
  const id = useId();
  return (
    <span className={`inline-flex items-center gap-2 ${className}`}>
      <label htmlFor={id} className="sr-only">
        {t('nav.language')}
      </label>
      <select
        id={id}
        value={i18n.language}
        onChange={(e) => chooseLanguage(e.target.value as Language)}
        className="rounded border border-neutral-300 bg-white px-2 py-1 text-sm text-neutral-800"
      >
        {SUPPORTED_LANGUAGES.map((l) => (
          <option key={l} value={l}>
            {NAMES[l]}
          </option>
        ))}
      </select>
    </span>
  );
}

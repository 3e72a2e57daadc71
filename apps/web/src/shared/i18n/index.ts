import i18next from 'i18next';
import { initReactI18next } from 'react-i18next';
import { en } from './en.ts';
import { fr } from './fr.ts';

export const SUPPORTED_LANGUAGES = ['en', 'fr'] as const;

/** The browser's first supported language; English otherwise (spec 000 §1: falls back to English). */
export function browserLanguage(languages: readonly string[] = navigator.languages): string {
  for (const l of languages) {
    const base = l.toLowerCase().split('-')[0];
    if (base && (SUPPORTED_LANGUAGES as readonly string[]).includes(base)) return base;
  }
  return 'en';
}

export function initI18n(lng = browserLanguage()): typeof i18next {
  void i18next.use(initReactI18next).init({
    lng,
    fallbackLng: 'en',
    resources: { en: { translation: en }, fr: { translation: fr } },
    interpolation: { escapeValue: false },
  });
  return i18next;
}

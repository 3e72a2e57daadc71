import i18next from 'i18next';
import { initReactI18next } from 'react-i18next';
import { STORAGE_KEYS } from '../storage/local.ts';
import { en } from './en.ts';
import { fr } from './fr.ts';

export const SUPPORTED_LANGUAGES = ['en', 'fr'] as const;
export type Language = (typeof SUPPORTED_LANGUAGES)[number];

export const isSupported = (l: string): l is Language =>
  (SUPPORTED_LANGUAGES as readonly string[]).includes(l);

/** The browser's first supported language; English otherwise (spec 000 §1: falls back to English). */
export function browserLanguage(languages: readonly string[] = navigator.languages): Language {
  for (const l of languages) {
    const base = l.toLowerCase().split('-')[0];
    if (base && isSupported(base)) return base;
  }
  return 'en';
}

/** A language the person chose (kept across sign-outs) wins over the browser's. */
export function initialLanguage(storage: Storage = localStorage): Language {
  const chosen = storage.getItem(STORAGE_KEYS.language);
  return chosen && isSupported(chosen) ? chosen : browserLanguage();
}

export function chooseLanguage(lng: Language): void {
  localStorage.setItem(STORAGE_KEYS.language, lng);
  void i18next.changeLanguage(lng);
  document.documentElement.lang = lng;
}

export function initI18n(lng: Language = initialLanguage()): typeof i18next {
  void i18next.use(initReactI18next).init({
    lng,
    fallbackLng: 'en',
    resources: { en: { translation: en }, fr: { translation: fr } },
    interpolation: { escapeValue: false },
  });
  if (typeof document !== 'undefined') document.documentElement.lang = lng;
  return i18next;
}

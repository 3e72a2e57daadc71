import i18next from 'i18next';
import { initReactI18next } from 'react-i18next';
import { STORAGE_KEYS } from '../storage/local.ts';
import { en, type Messages } from './en.ts';

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

/**
 * A language's messages. English, the fallback, comes with the app; the others load when chosen, so the first page
 * carries one language (decision 0760).
 */
export async function messagesOf(lng: Language): Promise<Messages> {
  return lng === 'fr' ? (await import('./fr.ts')).fr : en;
}

export function chooseLanguage(lng: Language): void {
  localStorage.setItem(STORAGE_KEYS.language, lng);
  document.documentElement.lang = lng;
  void messagesOf(lng).then((messages) => {
    if (!i18next.hasResourceBundle(lng, 'translation'))
      i18next.addResourceBundle(lng, 'translation', messages);
    return i18next.changeLanguage(lng);
  });
}

/** Starts i18next in `lng`, whose messages (unless English) the caller has loaded with messagesOf. */
export function initI18n(lng: Language = 'en', messages: Messages = en): typeof i18next {
  void i18next.use(initReactI18next).init({
    lng,
    fallbackLng: 'en',
    resources: { en: { translation: en }, [lng]: { translation: messages } },
    interpolation: { escapeValue: false },
  });
  if (typeof document !== 'undefined') document.documentElement.lang = lng;
  return i18next;
}

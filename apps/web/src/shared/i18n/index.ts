import { STORAGE_KEYS } from '../storage/local.ts';
import { en, type Messages } from './en.ts';
import { i18n, type Translator } from './translator.ts';

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
  void Promise.all([messagesOf(lng), textsIn(lng)]).then(([messages]) => {
    if (!i18n.hasResourceBundle(lng, 'translation')) i18n.addResourceBundle(lng, 'translation', messages);
    addLoadedTexts(lng);
    i18n.changeLanguage(lng);
  });
}

type Texts = Record<string, unknown>;

/**
 * The feature text sets the loaded screens brought: each its English and a loader for the other languages, with what
 * each language loaded (decision 0763).
 */
const textSets = new Map<
  string,
  { en: Texts; load: (lng: Exclude<Language, 'en'>) => Promise<Texts>; loaded: Map<Language, Texts> }
>();

/** Loads every known set's texts in `lng` not loaded yet. */
async function textsIn(lng: Language): Promise<void> {
  await Promise.all(
    [...textSets.values()].map(async (set) => {
      if (lng !== 'en' && !set.loaded.has(lng)) set.loaded.set(lng, await set.load(lng));
    }),
  );
}

/** Puts the loaded sets' texts in `lng` (and English, the fallback) into the translator's store. */
function addLoadedTexts(lng: Language): void {
  for (const set of textSets.values()) {
    i18n.addResourceBundle('en', 'translation', set.en);
    const texts = set.loaded.get(lng);
    if (texts) i18n.addResourceBundle(lng, 'translation', texts);
  }
}

/**
 * Adds a feature's texts, once: called at the top level of its `*.texts.ts` module (awaited there), which the screens
 * using them import, so the screen's chunk finishes loading with its texts in the current language. Before the translator
 * starts (unit tests import screens first), the set waits for initI18n.
 */
export async function addTexts(
  name: string,
  en: Texts,
  load: (lng: Exclude<Language, 'en'>) => Promise<Texts>,
): Promise<void> {
  if (textSets.has(name)) return;
  textSets.set(name, { en, load, loaded: new Map() });
  if (!i18n.initialized) return;
  const lng = isSupported(i18n.language) ? i18n.language : 'en';
  await textsIn(lng);
  addLoadedTexts(lng);
}

/** Starts the translator in `lng`, whose messages (unless English) the caller has loaded with messagesOf. */
export function initI18n(lng: Language = 'en', messages: Messages = en): Translator {
  // The translator copies what it is given, so the feature sets merged in later never reach the modules' objects.
  i18n.init({ lng, resources: { en: { translation: en }, [lng]: { translation: messages } } });
  addLoadedTexts(lng);
  if (typeof document !== 'undefined') document.documentElement.lang = lng;
  return i18n;
}

import { useSyncExternalStore } from 'react';
import { i18n, type TFunction, type Translator } from './translator.ts';

export type { TFunction } from './translator.ts';

/**
 * react-i18next's hook, as the app used it: `t` in the current language (for a namespace, `brands`, or the app's
 * texts), and the translator for its `language`. Re-renders when the language changes (decision 0860).
 */
export function useTranslation(ns?: string): { t: TFunction; i18n: Translator } {
  useSyncExternalStore(i18n.subscribe, i18n.getVersion, i18n.getVersion);
  return { t: i18n.fixedT(ns), i18n };
}

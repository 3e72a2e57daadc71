import i18next from 'i18next';
import { cameraSettingsTextsEn } from './texts.en.ts';
import { cameraSettingsTextsFr } from './texts.fr.ts';

/**
 * The texts of the camera settings' areas, PTZ presets and notifications, added to i18next when this lazy screen
 * loads, so the first page of the app does not carry them (decision 0760's budgets). A language's bundle is added to
 * only once it is there: French arrives when chosen (shared/i18n), and gets these on its language change.
 */
const TEXTS = { en: cameraSettingsTextsEn, fr: cameraSettingsTextsFr } as const;

function addTexts(lng: string): void {
  const texts = TEXTS[lng as keyof typeof TEXTS];
  if (texts && i18next.hasResourceBundle(lng, 'translation'))
    i18next.addResourceBundle(lng, 'translation', texts, true, false);
}

for (const lng of Object.keys(TEXTS)) addTexts(lng);
i18next.on('languageChanged', addTexts);

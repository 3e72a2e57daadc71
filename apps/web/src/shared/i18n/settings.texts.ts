import { addTexts } from './index.ts';
import { settingsEn } from './settings.en.ts';

// Imported by the screens that show these texts: added to the translator when their chunk loads (decision 0763).
await addTexts('settings', settingsEn, async () => (await import('./settings.fr.ts')).settingsFr);

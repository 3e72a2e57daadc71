import { camerasEn } from './cameras.en.ts';
import { addTexts } from './index.ts';

// Imported by the screens that show these texts: added to the translator when their chunk loads (decision 0763).
await addTexts('cameras', camerasEn, async () => (await import('./cameras.fr.ts')).camerasFr);

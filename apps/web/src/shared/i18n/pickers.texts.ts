import { addTexts } from './index.ts';
import { pickersEn } from './pickers.en.ts';

// Imported by the screens that show these texts: added to the translator when their chunk loads (decision 0763).
await addTexts('pickers', pickersEn, async () => (await import('./pickers.fr.ts')).pickersFr);

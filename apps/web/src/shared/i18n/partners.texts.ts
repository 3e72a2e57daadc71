import { addTexts } from './index.ts';
import { partnersEn } from './partners.en.ts';

// Imported by the screens that show these texts: added to the translator when their chunk loads (decision 0763).
await addTexts('partners', partnersEn, async () => (await import('./partners.fr.ts')).partnersFr);

import { addTexts } from './index.ts';
import { mediaEn } from './media.en.ts';

// Imported by the screens that show these texts: added to the translator when their chunk loads (decision 0763).
await addTexts('media', mediaEn, async () => (await import('./media.fr.ts')).mediaFr);

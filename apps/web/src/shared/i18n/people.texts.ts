import { addTexts } from './index.ts';
import { peopleEn } from './people.en.ts';

// Imported by the screens that show these texts: added to the translator when their chunk loads (decision 0763).
await addTexts('people', peopleEn, async () => (await import('./people.fr.ts')).peopleFr);

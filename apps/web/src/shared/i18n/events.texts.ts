import { eventsEn } from './events.en.ts';
import { addTexts } from './index.ts';

// Imported by the screens that show these texts: added to the translator when their chunk loads (decision 0763).
await addTexts('events', eventsEn, async () => (await import('./events.fr.ts')).eventsFr);

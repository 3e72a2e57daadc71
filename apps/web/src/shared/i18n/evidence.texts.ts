import { evidenceEn } from './evidence.en.ts';
import { addTexts } from './index.ts';

// Imported by the screens that show these texts: added to the translator when their chunk loads (decision 0763).
await addTexts('evidence', evidenceEn, async () => (await import('./evidence.fr.ts')).evidenceFr);

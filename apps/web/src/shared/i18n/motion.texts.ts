import { addTexts } from './index.ts';
import { motionEn } from './motion.en.ts';

// Imported by the screens that show these texts: added to the translator when their chunk loads (decision 0763).
await addTexts('motion', motionEn, async () => (await import('./motion.fr.ts')).motionFr);

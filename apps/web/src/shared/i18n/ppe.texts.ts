import { addTexts } from './index.ts';
import { ppeEn } from './ppe.en.ts';

// Imported by the screens that show these texts: added to the translator when their chunk loads (decision 0763).
await addTexts('ppe', ppeEn, async () => (await import('./ppe.fr.ts')).ppeFr);

import { billingEn } from './billing.en.ts';
import { addTexts } from './index.ts';

// Imported by the screens that show these texts: added to the translator when their chunk loads (decision 0763).
await addTexts('billing', billingEn, async () => (await import('./billing.fr.ts')).billingFr);

import { accountsEn } from './accounts.en.ts';
import { addTexts } from './index.ts';

// Imported by the screens that show these texts: added to the translator when their chunk loads (decision 0763).
await addTexts('accounts', accountsEn, async () => (await import('./accounts.fr.ts')).accountsFr);

import { addTexts } from './index.ts';
import { ssoEn } from './sso.en.ts';

// Imported by the screens that show these texts: added to the translator when their chunk loads (decision 0763).
await addTexts('sso', ssoEn, async () => (await import('./sso.fr.ts')).ssoFr);

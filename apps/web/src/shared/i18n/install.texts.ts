import { addTexts } from './index.ts';
import { installEn } from './install.en.ts';

// Imported by the screens that show these texts: added to the translator when their chunk loads (decision 0763).
await addTexts('install', installEn, async () => (await import('./install.fr.ts')).installFr);

import { addTexts } from './index.ts';
import { playerEn } from './player.en.ts';

// Imported by the screens that show these texts: added to the translator when their chunk loads (decision 0763).
await addTexts('player', playerEn, async () => (await import('./player.fr.ts')).playerFr);

import { addTexts } from './index.ts';
import { recordingsEn } from './recordings.en.ts';

// Imported by the screens that show these texts: added to the translator when their chunk loads (decision 0763).
await addTexts('recordings', recordingsEn, async () => (await import('./recordings.fr.ts')).recordingsFr);

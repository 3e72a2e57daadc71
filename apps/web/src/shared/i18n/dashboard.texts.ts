import { dashboardEn } from './dashboard.en.ts';
import { addTexts } from './index.ts';

// Imported by the screens that show these texts: added to the translator when their chunk loads (decision 0763).
await addTexts('dashboard', dashboardEn, async () => (await import('./dashboard.fr.ts')).dashboardFr);

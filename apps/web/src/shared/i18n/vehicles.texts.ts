import { addTexts } from './index.ts';
import { vehiclesEn } from './vehicles.en.ts';

// Imported by the screens that show these texts: added to the translator when their chunk loads (decision 0763).
await addTexts('vehicles', vehiclesEn, async () => (await import('./vehicles.fr.ts')).vehiclesFr);

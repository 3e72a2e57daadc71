import { addTexts } from './index.ts';
import { ordersEn } from './orders.en.ts';

// Imported by the screens that show these texts: added to the translator when their chunk loads (decision 0763).
await addTexts('orders', ordersEn, async () => (await import('./orders.fr.ts')).ordersFr);

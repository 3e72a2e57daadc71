import { addTexts } from './index.ts';
import { permissionsEn } from './permissions.en.ts';

// Imported by the screens that show these texts: added to the translator when their chunk loads (decision 0763).
await addTexts('permissions', permissionsEn, async () => (await import('./permissions.fr.ts')).permissionsFr);

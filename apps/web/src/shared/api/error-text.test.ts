import { describe, expect, it } from 'vitest';
import { en } from '../i18n/en.ts';
import { fr } from '../i18n/fr.ts';
import { Translator } from '../i18n/translator.ts';
import { ApiRequestError } from './client.ts';
import { errorText } from './error-text.ts';

describe('errorText', () => {
  it("says the database is away in the person's language, and other refusals in the server's words", () => {
    const i18n = new Translator().init({
      lng: 'fr',
      resources: { en: { translation: en }, fr: { translation: fr } },
    });
    const away = new ApiRequestError(503, 'database_unavailable', 'The database cannot be reached right now');
    expect(errorText(away, i18n.t)).toBe(
      'Le service est momentanément indisponible. Vos caméras continuent d’enregistrer ; réessayez dans un instant.',
    );
    expect(errorText(new ApiRequestError(503, 'database_busy', 'busy'), i18n.t)).toBe(
      'Le service est occupé. Réessayez dans un instant.',
    );
    expect(errorText(new ApiRequestError(409, 'email_exists', 'This e-mail is taken'), i18n.t)).toBe(
      'This e-mail is taken',
    );
  });
});

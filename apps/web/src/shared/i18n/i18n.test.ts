import { describe, expect, it } from 'vitest';
import { en } from './en.ts';
import { fr } from './fr.ts';
import { browserLanguage } from './index.ts';

const keys = (o: object, prefix = ''): string[] =>
  Object.entries(o).flatMap(([k, v]) =>
    typeof v === 'string' ? [`${prefix}${k}`] : keys(v as object, `${prefix}${k}.`),
  );

describe('i18n', () => {
  it('French has every English key', () => {
    expect(keys(fr).sort()).toEqual(keys(en).sort());
  });
  it('picks the first supported browser language, else English', () => {
    expect(browserLanguage(['de-DE', 'fr-CA', 'en'])).toBe('fr');
    expect(browserLanguage(['de', 'ja'])).toBe('en');
  });
});

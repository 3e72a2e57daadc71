import { describe, expect, it } from 'vitest';
import { Translator } from './translator.ts';

const texts = {
  en: {
    translation: {
      hello: 'Hello {{name}}',
      cameras: { count_one: '{{count}} camera', count_other: '{{count}} cameras' },
      onlyEnglish: 'English only',
      twice: '{{a}} and {{a}}',
    },
    brands: { title: 'Brands' },
  },
  fr: {
    translation: {
      hello: 'Bonjour {{name}}',
      cameras: { count_one: '{{count}} caméra', count_other: '{{count}} caméras' },
    },
  },
};

describe('translator (decision 0860: what the app used of i18next)', () => {
  it('interpolates, keeps a variable not passed, reads undefined and null as nothing', () => {
    const i18n = new Translator().init({ lng: 'en', resources: texts });
    expect(i18n.t('hello', { name: 'Ada' })).toBe('Hello Ada');
    expect(i18n.t('hello')).toBe('Hello {{name}}');
    expect(i18n.t('hello', { other: 1 })).toBe('Hello {{name}}');
    expect(i18n.t('hello', { name: undefined })).toBe('Hello ');
    expect(i18n.t('hello', { name: null })).toBe('Hello ');
    expect(i18n.t('twice', { a: '<b>' })).toBe('<b> and <b>');
  });

  it('chooses plurals by the language, falls back to English, else the key', () => {
    const i18n = new Translator().init({ lng: 'en', resources: texts });
    expect(i18n.t('cameras.count', { count: 1 })).toBe('1 camera');
    expect(i18n.t('cameras.count', { count: 0 })).toBe('0 cameras');
    i18n.changeLanguage('fr');
    // French says "0 caméra": zero is singular there.
    expect(i18n.t('cameras.count', { count: 0 })).toBe('0 caméra');
    expect(i18n.t('cameras.count', { count: 2 })).toBe('2 caméras');
    expect(i18n.t('onlyEnglish')).toBe('English only');
    expect(i18n.t('no.such.key')).toBe('no.such.key');
    expect(i18n.t('cameras')).toBe('cameras');
  });

  it('keeps one t per namespace until the language changes, and tells its listeners', () => {
    const i18n = new Translator().init({ lng: 'en', resources: texts });
    let heard = 0;
    const stop = i18n.subscribe(() => {
      heard += 1;
    });
    const t = i18n.fixedT('brands');
    expect(t('title')).toBe('Brands');
    expect(i18n.fixedT('brands')).toBe(t);
    i18n.changeLanguage('fr');
    expect(i18n.fixedT('brands')).not.toBe(t);
    expect(i18n.fixedT('brands')('title')).toBe('Brands');
    expect(heard).toBe(1);
    stop();
  });

  it('merges bundles added later into copies, never into the objects it was given', () => {
    const given = { a: { b: 'one' } };
    const i18n = new Translator().init({ lng: 'en', resources: { en: { translation: given } } });
    i18n.addResourceBundle('en', 'translation', { a: { c: 'two' } });
    expect(i18n.t('a.b')).toBe('one');
    expect(i18n.t('a.c')).toBe('two');
    expect(given).toEqual({ a: { b: 'one' } });
    expect(i18n.hasResourceBundle('en', 'translation')).toBe(true);
    expect(i18n.hasResourceBundle('fr', 'translation')).toBe(false);
  });
});

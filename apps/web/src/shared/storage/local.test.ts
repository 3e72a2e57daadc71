import { describe, expect, it } from 'vitest';
import { clearLocalData, STORAGE_KEYS } from './local.ts';

describe('clearLocalData (spec 000 §4)', () => {
  it('keeps the kept preferences and removes everything else', () => {
    localStorage.clear();
    localStorage.setItem(STORAGE_KEYS.login, '{}');
    localStorage.setItem(STORAGE_KEYS.playbackTime, '1');
    localStorage.setItem(STORAGE_KEYS.bannerClosed, '2');
    localStorage.setItem(STORAGE_KEYS.language, 'fr');
    localStorage.setItem(STORAGE_KEYS.platform, 'app');
    clearLocalData();
    const keys = Array.from({ length: localStorage.length }, (_, i) => localStorage.key(i));
    expect(new Set(keys)).toEqual(new Set(['bannerClosed', 'language', 'platform']));
  });
});

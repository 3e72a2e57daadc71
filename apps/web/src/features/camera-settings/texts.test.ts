import { describe, expect, it } from 'vitest';
import { cameraSettingsTextsEn } from './texts.en.ts';
import { cameraSettingsTextsFr } from './texts.fr.ts';

const keys = (o: object, prefix = ''): string[] =>
  Object.entries(o).flatMap(([k, v]) =>
    typeof v === 'string' ? [`${prefix}${k}`] : keys(v as object, `${prefix}${k}.`),
  );

describe('camera settings texts loaded with the screen', () => {
  it('French has every English key', () => {
    expect(keys(cameraSettingsTextsFr).sort()).toEqual(keys(cameraSettingsTextsEn).sort());
  });
});

import { describe, expect, it } from 'vitest';
import {
  editDistance,
  fitPlateFormat,
  looksLikePlate,
  normalisePlate,
  parsePlateQuery,
  plateMatches,
  plateRegion,
} from './plates.ts';

describe('plate text', () => {
  it('normalises to upper-case letters and digits', () => {
    expect(normalisePlate(' ab-12 cde ')).toBe('AB12CDE');
    expect(normalisePlate('GH·456·KL')).toBe('GH456KL');
  });

  it('measures edit distance', () => {
    expect(editDistance('AB12CDE', 'AB12CDE')).toBe(0);
    expect(editDistance('AB12CDE', 'AB12CDF')).toBe(1);
    expect(editDistance('AB12CDE', 'AB12CD')).toBe(1);
    expect(editDistance('AB12CDE', 'XAB12CDE')).toBe(1);
    expect(editDistance('AB12CDE', 'BA12CDE')).toBe(2);
  });

  it('names the region of shapes that name one, and puts look-alikes right only where one format fits', () => {
    expect(plateRegion('AB12CDE')).toBe('GB');
    expect(plateRegion('4821BCD')).toBe('ES');
    expect(plateRegion('GH456KL')).toBeNull();
    expect(plateRegion('7ABC123')).toBeNull();
    expect(fitPlateFormat('AB12CD8')).toBe('AB12CDB');
    expect(fitPlateFormat('A812CDE')).toBe('AB12CDE');
    expect(fitPlateFormat('GH456KL')).toBe('GH456KL');
    expect(fitPlateFormat('7ABC123')).toBe('7ABC123');
  });

  it('tells plate-like reads from other text', () => {
    expect(looksLikePlate('AB12CDE')).toBe(true);
    expect(looksLikePlate('STOP')).toBe(false);
    expect(looksLikePlate('123')).toBe(false);
    expect(looksLikePlate('ABCDEFG12')).toBe(false);
  });
});

describe('plate search (spec 001 §5)', () => {
  it('needs two letters or digits and allows * only at the ends', () => {
    expect(parsePlateQuery('ab12')).toEqual({
      ok: true,
      pattern: { text: 'AB12', anyBefore: false, anyAfter: false },
    });
    expect(parsePlateQuery('*12 c*')).toEqual({
      ok: true,
      pattern: { text: '12C', anyBefore: true, anyAfter: true },
    });
    expect(parsePlateQuery('A')).toEqual({
      ok: false,
      error: 'A plate search needs at least 2 letters or digits',
      code: 'too_short',
    });
    expect(parsePlateQuery('*A*')).toEqual({
      ok: false,
      error: 'A plate search needs at least 2 letters or digits',
      code: 'too_short',
    });
    expect(parsePlateQuery('AB*12')).toEqual({
      ok: false,
      error: 'A * may only be used at the start or the end of a plate search',
      code: 'wildcard_inside',
    });
    expect(parsePlateQuery('**AB')).toEqual({
      ok: false,
      error: 'A * may only be used at the start or the end of a plate search',
      code: 'wildcard_inside',
    });
  });

  it('matches exactly, by start, by end or anywhere', () => {
    const m = (q: string, plate: string) => {
      const p = parsePlateQuery(q);
      return p.ok && plateMatches(plate, p.pattern);
    };
    expect(m('AB12CDE', 'AB12CDE')).toBe(true);
    expect(m('AB12', 'AB12CDE')).toBe(false);
    expect(m('AB12*', 'AB12CDE')).toBe(true);
    expect(m('*CDE', 'AB12CDE')).toBe(true);
    expect(m('*12C*', 'AB12CDE')).toBe(true);
    expect(m('*12C', 'AB12CDE')).toBe(false);
  });
});

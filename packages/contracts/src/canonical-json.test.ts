import { describe, expect, it } from 'vitest';
import { canonicalJson } from './canonical-json.ts';

describe('canonicalJson', () => {
  it('sorts keys at every depth and writes no spaces', () => {
    expect(canonicalJson({ b: 1, a: { d: [2, 'x'], c: null } })).toBe('{"a":{"c":null,"d":[2,"x"]},"b":1}');
  });

  it('sorts by code unit (capitals first) and escapes as JSON does', () => {
    expect(canonicalJson({ b: 'é"\n', B: true, a: 'a' })).toBe('{"B":true,"a":"a","b":"é\\"\\n"}');
  });

  it('leaves undefined members out, so an absent optional field signs like a missing one', () => {
    expect(canonicalJson({ a: undefined, b: 2 })).toBe('{"b":2}');
  });

  it('refuses values JSON cannot carry', () => {
    expect(() => canonicalJson({ a: Number.NaN })).toThrow();
  });
});

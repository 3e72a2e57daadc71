/**
 * Licence plate text rules shared by the recorder (normalising reads), the server (search, sightings) and the web
 * app (the search box): spec 001 §3 (Vehicle analytics record) and §5 (plate search).
 */

import { PLATE_SEARCH_MIN_CHARS, PLATE_WILDCARD } from './constants.ts';

/** A plate as stored and compared: letters and digits only, upper case ('ab-12 cde' → 'AB12CDE'). */
export function normalisePlate(text: string): string {
  return text.toUpperCase().replace(/[^A-Z0-9]/g, '');
}

/** Levenshtein distance: one misread character is distance 1. */
export function editDistance(a: string, b: string): number {
  let prev = Array.from({ length: b.length + 1 }, (_, j) => j);
  for (let i = 1; i <= a.length; i++) {
    const row = [i];
    for (let j = 1; j <= b.length; j++)
      row[j] = Math.min(prev[j]! + 1, row[j - 1]! + 1, prev[j - 1]! + (a[i - 1] === b[j - 1] ? 0 : 1));
    prev = row;
  }
  return prev[b.length]!;
}

export interface PlatePattern {
  /** The normalised characters to match. */
  text: string;
  /** '*' at the start: any characters may come before; at the end: any may follow. */
  anyBefore: boolean;
  anyAfter: boolean;
}

export type PlateQueryResult =
  | { ok: true; pattern: PlatePattern }
  | { ok: false; error: string; code: 'wildcard_inside' | 'too_short' };

/**
 * Reads a plate search (spec 001 §5): `*` only as the first or last character, at least PLATE_SEARCH_MIN_CHARS
 * letters or digits besides it. Without a `*` the search matches the plate exactly; separators are ignored.
 */
export function parsePlateQuery(query: string): PlateQueryResult {
  const q = query.trim();
  const anyBefore = q.startsWith(PLATE_WILDCARD);
  const anyAfter = q.length > 1 && q.endsWith(PLATE_WILDCARD);
  const inner = q.slice(anyBefore ? 1 : 0, anyAfter ? q.length - 1 : q.length);
  if (inner.includes(PLATE_WILDCARD))
    return {
      ok: false,
      error: 'A * may only be used at the start or the end of a plate search',
      code: 'wildcard_inside',
    };
  const text = normalisePlate(inner);
  if (text.length < PLATE_SEARCH_MIN_CHARS)
    return {
      ok: false,
      error: `A plate search needs at least ${PLATE_SEARCH_MIN_CHARS} letters or digits`,
      code: 'too_short',
    };
  return { ok: true, pattern: { text, anyBefore, anyAfter } };
}

/** Whether a stored (normalised) plate matches a parsed search. */
export function plateMatches(plate: string, p: PlatePattern): boolean {
  if (p.anyBefore && p.anyAfter) return plate.includes(p.text);
  if (p.anyBefore) return plate.endsWith(p.text);
  if (p.anyAfter) return plate.startsWith(p.text);
  return plate === p.text;
}

/**
 * Plate formats known by their shape (letters L, digits D), with the country the shape alone names, if any.
 * Others: region unknown.
 */
const REGION_FORMATS: readonly { region: string | null; shape: string; re: RegExp }[] = [
  // Great Britain since 2001: two letters, two digits (age), three letters.
  { region: 'GB', shape: 'LLDDLLL', re: /^[A-Z]{2}[0-9]{2}[A-Z]{3}$/ },
  // Spain since 2000: four digits, three consonants.
  { region: 'ES', shape: 'DDDDLLL', re: /^[0-9]{4}[B-DF-HJ-NP-TV-Z]{3}$/ },
  // France since 2009 and Italy since 1994 share a shape: known, but it names neither.
  { region: null, shape: 'LLDDDLL', re: /^[A-Z]{2}[0-9]{3}[A-Z]{2}$/ },
];

/** The region a plate's format names, or null. */
export function plateRegion(plate: string): string | null {
  return REGION_FORMATS.find((f) => f.re.test(plate))?.region ?? null;
}

const AS_DIGIT: Record<string, string> = { O: '0', Q: '0', D: '0', I: '1', Z: '2', S: '5', B: '8' };
const AS_LETTER: Record<string, string> = { '0': 'O', '1': 'I', '2': 'Z', '5': 'S', '8': 'B' };

/**
 * A read that misses a known format only by letter–digit look-alikes (O/0, I/1, S/5, B/8, Z/2) in the
 * wrong places is put right when exactly one format fits; any other read is returned as it is.
 */
export function fitPlateFormat(plate: string): string {
  if (REGION_FORMATS.some((f) => f.re.test(plate))) return plate;
  const fits = new Set<string>();
  for (const f of REGION_FORMATS) {
    if (f.shape.length !== plate.length) continue;
    const fixed = plate
      .split('')
      .map((ch, i) => (f.shape[i] === 'D' ? (AS_DIGIT[ch] ?? ch) : (AS_LETTER[ch] ?? ch)))
      .join('');
    if (f.re.test(fixed)) fits.add(fixed);
  }
  return fits.size === 1 ? [...fits][0]! : plate;
}

/** Whether a read looks like a plate: 4 to 8 letters and digits, at least one digit. */
export function looksLikePlate(plate: string): boolean {
  return /^[A-Z0-9]{4,8}$/.test(plate) && /[0-9]/.test(plate);
}

/**
 * Canonical JSON for signed documents (decision 0506): object keys sorted by UTF-16 code units (JavaScript's
 * default sort, as RFC 8785 does), no whitespace, strings and numbers as JSON.stringify writes them, undefined
 * members left out. For the values manifests hold (strings, integers, nested objects) this is RFC 8785 (JCS), so a
 * verifier in another language can rebuild the signed bytes.
 */
export function canonicalJson(value: unknown): string {
  if (value === null || typeof value !== 'object') {
    if (typeof value === 'number' && !Number.isFinite(value))
      throw new Error('canonical JSON: non-finite number');
    const s = JSON.stringify(value);
    if (s === undefined) throw new Error(`canonical JSON: cannot encode ${typeof value}`);
    return s;
  }
  if (Array.isArray(value)) return `[${value.map((v) => canonicalJson(v ?? null)).join(',')}]`;
  const entries = Object.entries(value as Record<string, unknown>)
    .filter(([, v]) => v !== undefined)
    .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
  return `{${entries.map(([k, v]) => `${JSON.stringify(k)}:${canonicalJson(v)}`).join(',')}}`;
}

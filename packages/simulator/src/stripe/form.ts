/**
 * Stripe's request bodies are form-encoded with bracketed keys (`metadata[invoiceId]=…`,
 * `line_items[0][price_data][currency]=usd`). This reads them back into the nested JSON they stand for: a level whose
 * keys are all indexes becomes an array.
 */
export type FormValue = string | FormValue[] | { [key: string]: FormValue };

export function parseStripeForm(body: string): Record<string, FormValue> {
  const root: Record<string, FormValue> = {};
  for (const [key, value] of new URLSearchParams(body)) {
    const path = key.split('[').map((part) => part.replace(/\]$/, ''));
    let node = root as Record<string, FormValue>;
    path.forEach((part, i) => {
      if (i === path.length - 1) node[part] = value;
      else {
        node[part] ??= {};
        node = node[part] as Record<string, FormValue>;
      }
    });
  }
  return arrays(root) as Record<string, FormValue>;
}

function arrays(v: FormValue): FormValue {
  if (typeof v === 'string' || Array.isArray(v)) return v;
  const keys = Object.keys(v);
  const out = Object.fromEntries(keys.map((k) => [k, arrays(v[k] as FormValue)]));
  if (keys.length > 0 && keys.every((k) => /^[0-9]+$/.test(k)))
    return keys.sort((a, b) => Number(a) - Number(b)).map((k) => out[k] as FormValue);
  return out;
}

/**
 * The app's translator: the part of i18next it used (nested keys, `{{name}}` interpolation, `_one`/`_other` plurals
 * by Intl.PluralRules, English as the fallback, namespaces, bundles added later), in 1 KB instead of i18next's 14 KB
 * of brotli on the sign-in page (decision 0860). Behaviour kept from i18next: a missing key reads as the key, a
 * variable not passed stays `{{name}}`, one passed as undefined or null reads as nothing, nothing is escaped (React
 * escapes).
 */
/** The values a text names; `count` also picks the plural. */
export type TOptions = { count?: number } & Record<string, string | number | boolean | null | undefined>;
export type TFunction = (key: string, options?: TOptions) => string;
type Tree = { [key: string]: unknown };

const FALLBACK = 'en';
const DEFAULT_NS = 'translation';
const VARIABLE = /\{\{\s*([^}\s]+)\s*\}\}/g;

/** Copies `from` into `into`, object by object: the store never shares an object with the modules that gave it. */
function merge(into: Tree, from: Tree): Tree {
  for (const [k, v] of Object.entries(from)) {
    if (v && typeof v === 'object') {
      const here = into[k];
      into[k] = merge(here && typeof here === 'object' ? (here as Tree) : {}, v as Tree);
    } else into[k] = v;
  }
  return into;
}

function find(tree: Tree | undefined, key: string): string | undefined {
  let node: unknown = tree;
  for (const part of key.split('.')) {
    if (!node || typeof node !== 'object') return undefined;
    node = (node as Tree)[part];
  }
  return typeof node === 'string' ? node : undefined;
}

function interpolate(text: string, options: TOptions | undefined): string {
  if (!options || !text.includes('{{')) return text;
  return text.replace(VARIABLE, (whole, name: string) => {
    if (!Object.hasOwn(options, name)) return whole;
    const v = options[name];
    return v === undefined || v === null ? '' : String(v);
  });
}

export class Translator {
  /** language → namespace → texts */
  private readonly store = new Map<string, Map<string, Tree>>();
  private readonly listeners = new Set<() => void>();
  private readonly fixed = new Map<string, TFunction>();
  private version = 0;
  language = FALLBACK;
  initialized = false;

  /** Starts in `lng` with `resources` (language → namespace → texts), replacing what the store held. */
  init(o: { lng: string; resources: Record<string, Record<string, Tree>> }): this {
    this.store.clear();
    for (const [lng, spaces] of Object.entries(o.resources))
      for (const [ns, texts] of Object.entries(spaces)) this.addResourceBundle(lng, ns, texts);
    this.initialized = true;
    this.changeLanguage(o.lng);
    return this;
  }

  hasResourceBundle(lng: string, ns: string): boolean {
    return this.store.get(lng)?.has(ns) ?? false;
  }

  /** Merges `texts` into the language's namespace (deep, later texts win), as i18next's `addResourceBundle(…, true, true)`. */
  addResourceBundle(lng: string, ns: string, texts: Tree): void {
    const spaces = this.store.get(lng) ?? new Map<string, Tree>();
    this.store.set(lng, spaces);
    spaces.set(ns, merge(spaces.get(ns) ?? {}, texts));
  }

  changeLanguage(lng: string): void {
    this.language = lng;
    this.fixed.clear();
    this.version += 1;
    for (const l of this.listeners) l();
  }

  /** The key's text in the current language, else English, else the key itself. */
  readonly t: TFunction = (key, options) => this.translate(DEFAULT_NS, key, options);

  /** A `t` for one namespace, the same function until the language changes (effects may depend on it). */
  fixedT(ns = DEFAULT_NS): TFunction {
    let t = this.fixed.get(ns);
    if (!t) {
      const lng = this.language;
      t = (key, options) => this.translate(ns, key, options, lng);
      this.fixed.set(ns, t);
    }
    return t;
  }

  readonly subscribe = (listener: () => void): (() => void) => {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  };

  readonly getVersion = (): number => this.version;

  private translate(ns: string, key: string, options?: TOptions, lng = this.language): string {
    const count = options?.count;
    for (const code of lng === FALLBACK ? [lng] : [lng, FALLBACK]) {
      const texts = this.store.get(code)?.get(ns);
      if (!texts) continue;
      const plural =
        typeof count === 'number'
          ? find(texts, `${key}_${new Intl.PluralRules(code).select(count)}`)
          : undefined;
      const found = plural ?? find(texts, key);
      if (found !== undefined) return interpolate(found, options);
    }
    return key;
  }
}

/** The app's one translator. */
export const i18n = new Translator();

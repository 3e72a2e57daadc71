import type { BrandColours } from '@vigil/contracts';
import { DARK_OVER_ACCENT, THEME_CSS_VARS } from '@vigil/contracts/brand-css';
import { useSyncExternalStore } from 'react';
import { sessionStore } from '../session/store.ts';
import type { Brand } from './brand.ts';

/**
 * Installers' own logo and colours (spec 001 §3: "when an installer id is present"; decision 0820). The page came
 * with the host's brand; once the session names an installer (a customer of one, or the installer itself), its
 * colours.json is fetched and its colours set on the root element over the brand's, and its logo shown. Signing
 * out, or a session without an installer, puts the brand's back.
 */

let logo: string | undefined;
const listeners = new Set<() => void>();
const setLogo = (next: string | undefined) => {
  logo = next;
  for (const l of listeners) l();
};

/** The installer's own logo while one applies. */
export const useInstallerLogo = (): string | undefined =>
  useSyncExternalStore(
    (l) => {
      listeners.add(l);
      return () => listeners.delete(l);
    },
    () => logo,
    // At build, where the sign-in shell is rendered (decision 0885): no session, no installer.
    () => undefined,
  );

/** Sets (or, with undefined, removes) the installer's colours on the root element. */
export function applyColours(root: HTMLElement, colours: Partial<BrandColours> | undefined): void {
  for (const [field, prop] of Object.entries(THEME_CSS_VARS)) {
    const value = colours?.[field as keyof typeof THEME_CSS_VARS];
    if (typeof value === 'string') root.style.setProperty(prop, value);
    else root.style.removeProperty(prop);
  }
  if (colours?.whiteOverAccent !== undefined)
    root.style.setProperty('--color-on-accent', colours.whiteOverAccent ? '#ffffff' : DARK_OVER_ACCENT);
  else root.style.removeProperty('--color-on-accent');
}

/** Follows the session's installer id for the life of the page; returns the unsubscribe function. */
export function watchInstallerBrand(brand: Brand, root: HTMLElement = document.documentElement): () => void {
  let applied: string | undefined;
  const sync = () => {
    const installer = sessionStore.get()?.installerid ?? undefined;
    if (installer === applied) return;
    applied = installer;
    if (!installer) {
      applyColours(root, undefined);
      setLogo(undefined);
      return;
    }
    const base = `/brands/${encodeURIComponent(brand.id)}/installers/${encodeURIComponent(installer)}`;
    // Revalidated each time (a 304 when unchanged): an installer's change shows on its customers' next page.
    void fetch(`${base}/colours.json`, { cache: 'no-cache' })
      .then((r) => (r.ok ? (r.json() as Promise<BrandColours>) : undefined))
      .then((colours) => {
        if (applied !== installer || !colours) return;
        applyColours(root, colours);
        // Only the installer's own upload replaces the brand's logo (its URL is under the installer's path).
        setLogo(colours.logo.startsWith(`${base}/`) ? colours.logo : undefined);
      })
      .catch(() => {});
  };
  sync();
  return sessionStore.subscribe(sync);
}

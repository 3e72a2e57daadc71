/**
 * The sign-in under way in this tab (decision 0832): which provider, what for, and the binding secret the server
 * gave; the way back must come to the same tab, which sends it with the provider's answer. Session storage: one
 * tab, gone with it.
 */
const KEY = 'vigil.sso.pending';

export interface PendingSso {
  provider: string;
  purpose: 'signin' | 'convert';
  binding: string;
}

export function savePending(p: PendingSso): void {
  sessionStorage.setItem(KEY, JSON.stringify(p));
}

/** The pending sign-in for this provider and purpose (read while rendering; clearPending once it is used). */
export function readPending(provider: string, purpose: PendingSso['purpose']): PendingSso | undefined {
  const raw = sessionStorage.getItem(KEY);
  if (!raw) return undefined;
  try {
    const p = JSON.parse(raw) as PendingSso;
    return p.provider === provider && p.purpose === purpose && typeof p.binding === 'string' ? p : undefined;
  } catch {
    return undefined;
  }
}

/** An answer is used once: the pending sign-in goes as soon as it is sent. */
export function clearPending(): void {
  sessionStorage.removeItem(KEY);
}

import { STORAGE_KEYS } from '../../shared/storage/local.ts';

/** The attribute of a shell the server put in the page (decision 0885), holding the shell's language. */
export const SHELL_ATTRIBUTE = 'data-prerendered';

/**
 * The server chose the shell's language from the browser's (Accept-Language); a language chosen in the app, kept in
 * this browser, can be another. A stored login means the sign-in screen will not stay. Either way the shell goes
 * before the app's first render, so a wrong heading stays no longer than the scripts took to arrive; so does a shell
 * put in for another path.
 */
export function dropStaleShell(language: string, root: HTMLElement | null = document.getElementById('root')) {
  const shell = root?.querySelector(`[${SHELL_ATTRIBUTE}]`);
  if (!shell) return;
  const stored = localStorage.getItem(STORAGE_KEYS.login) ?? sessionStorage.getItem(STORAGE_KEYS.login);
  // The service worker's kept page (offline) is the last one served, whatever its path: its shell may be another's.
  const elsewhere = shell.getAttribute('data-path') !== location.pathname;
  if (shell.getAttribute(SHELL_ATTRIBUTE) !== language || stored || elsewhere) shell.remove();
}

import { afterEach, describe, expect, it } from 'vitest';
import { STORAGE_KEYS } from '../../shared/storage/local.ts';
import { dropStaleShell } from './stale-shell.ts';

const root = () => {
  const el = document.createElement('div');
  el.innerHTML = `<div class="contents" data-path="${location.pathname}" data-prerendered="en"><h1>Sign in to Vigil</h1></div>`;
  return el;
};

describe("the server's shell of a screen (decision 0885)", () => {
  afterEach(() => localStorage.removeItem(STORAGE_KEYS.login));

  it("stays in the app's language, and goes in another or once someone is signed in", () => {
    const same = root();
    dropStaleShell('en', same);
    expect(same.querySelector('h1')?.textContent).toBe('Sign in to Vigil');
    const other = root();
    dropStaleShell('fr', other);
    expect(other.innerHTML).toBe('');
    localStorage.setItem(STORAGE_KEYS.login, '{}');
    const signedIn = root();
    dropStaleShell('en', signedIn);
    expect(signedIn.innerHTML).toBe('');
  });

  it('goes when it was put in for another path (the service worker keeps the last page for all)', () => {
    const elsewhere = document.createElement('div');
    elsewhere.innerHTML = '<div data-path="/elsewhere" data-prerendered="en"><h1>x</h1></div>';
    dropStaleShell('en', elsewhere);
    expect(elsewhere.innerHTML).toBe('');
  });
});

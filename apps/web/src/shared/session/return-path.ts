/**
 * The stored return path (spec 000 §2 redirect order): where a session ended involuntarily (expired, revoked),
 * so signing in again continues there. Per tab, and used once.
 */
const KEY = 'returnPath';

export const storeReturnPath = (path: string): void => sessionStorage.setItem(KEY, path);

export function takeReturnPath(): string | undefined {
  const p = sessionStorage.getItem(KEY) ?? undefined;
  sessionStorage.removeItem(KEY);
  return p;
}

export const peekReturnPath = (): string | undefined => sessionStorage.getItem(KEY) ?? undefined;

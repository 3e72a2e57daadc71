import { cleanup } from '@testing-library/react';
import type { LoginResult } from '@vigil/contracts';
import { afterEach, beforeAll, beforeEach, vi } from 'vitest';
import { initI18n } from '../i18n/index.ts';
import { sessionStore } from './store.ts';

/**
 * A component test's frame: English texts, a session of `uid` before each test; after it, the DOM cleaned, stubbed
 * globals (fetch) restored and the session gone, so no test sees another's.
 */
export function signedInTests(uid: string): void {
  beforeAll(() => {
    initI18n('en');
  });
  beforeEach(() => {
    sessionStore.set({ uid, authToken: 't', organisations: [], cameraGroups: [] } as unknown as LoginResult);
  });
  afterEach(() => {
    cleanup();
    vi.unstubAllGlobals();
    sessionStore.set(null);
  });
}

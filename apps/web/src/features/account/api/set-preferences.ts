import { useMutation } from '@tanstack/react-query';
import { PreferencesResult } from '@vigil/contracts';
import { apiFetch } from '../../../shared/api/client.ts';
import { setPreferences as setPreferencesAction } from '../../../shared/session/session-actions.ts';
import { sessionStore } from '../../../shared/session/store.ts';

export interface Preferences {
  language?: 'en' | 'fr';
  /** An IANA zone, or null to follow the browser's. */
  timezone?: string | null;
}

/** PATCH /account/:uid/preferences: language and time zone, kept with the account for every device. */
export const setPreferences = (
  uid: string,
  p: Preferences,
): Promise<{ language: string; timezone: string | null }> =>
  apiFetch(`/account/${encodeURIComponent(uid)}/preferences`, PreferencesResult, {
    method: 'PATCH',
    body: p,
  });

export const useSetPreferences = (uid: string) =>
  useMutation({
    mutationFn: (p: Preferences) => setPreferences(uid, p),
    onSuccess: (saved) => sessionStore.update((s) => setPreferencesAction(s, saved)),
  });

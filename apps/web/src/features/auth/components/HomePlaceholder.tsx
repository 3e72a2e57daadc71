import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { logout } from '../api/login.ts';
import { sessionStore, useSession } from '../session-store.ts';

/** Stands in for the app shell (its own issue): proves the session by showing the account's e-mail. */
export function HomePlaceholder() {
  const { t } = useTranslation();
  const session = useSession();
  const navigate = useNavigate();
  if (!session) return null;
  async function signOut() {
    await logout().catch(() => undefined);
    sessionStore.set(null);
    await navigate('/sign-in');
  }
  return (
    <main className="mx-auto max-w-3xl p-6">
      <h1 className="text-2xl font-semibold">{t('auth.welcome')}</h1>
      <p data-testid="signed-in-as">{t('auth.signedInAs', { email: session.email })}</p>
      <button type="button" onClick={() => void signOut()} className="mt-4 rounded-md border px-3 py-1">
        {t('auth.signOut')}
      </button>
    </main>
  );
}

import { useEffect } from 'react';
import { useTranslation } from '../../../shared/i18n/use-translation.ts';
import { usePageTitle } from '../../../shared/platform/mobile-header.tsx';
import { useShell } from '../../../shared/routing/shell.tsx';
import { useSessionActions } from '../../../shared/session/actions.tsx';
import { useSession } from '../../../shared/session/store.ts';
import { ActivitySection } from './ActivitySection.tsx';
import { EmailSection } from './EmailSection.tsx';
import { OrganisationsSection } from './OrganisationsSection.tsx';
import { PasswordSection } from './PasswordSection.tsx';
import { PreferencesSection } from './PreferencesSection.tsx';
import { SessionsSection } from './SessionsSection.tsx';
import { SupportAccessSection } from './SupportAccessSection.tsx';

/**
 * /account: e-mail, password, language and time zone, the active sessions, support access and the account's recent
 * activity (decision 0017), organisations.
 */
export function AccountPage() {
  const { t } = useTranslation();
  const { brand } = useShell();
  const session = useSession();
  const { refreshAccount } = useSessionActions();
  usePageTitle(t('routes.account'), brand.name);
  // The organisations listed here are the session's: bring them up to date (an owner may have removed the user
  // or a new invitation been accepted on another device). A failure leaves the stored ones.
  useEffect(() => {
    refreshAccount().catch(() => undefined);
  }, [refreshAccount]);
  // The route is private: without a session the gate has already sent the visitor to sign in.
  if (!session) return null;
  return (
    <div className="mx-auto w-full max-w-3xl space-y-6 px-4 py-6 sm:px-6">
      <h1 className="text-2xl font-semibold tracking-tight">{t('routes.account')}</h1>
      <PreferencesSection uid={session.uid} timezone={session.timezone} />
      {/* Sessions stored before the server said (emailVerified absent) were made by confirmed accounts. */}
      <EmailSection uid={session.uid} email={session.email} verified={session.emailVerified !== false} />
      <PasswordSection uid={session.uid} />
      <SessionsSection uid={session.uid} />
      {/* Support staff's own account has no support to let in. */}
      {session.accountType !== 's' && <SupportAccessSection uid={session.uid} />}
      {/* Co-owners may let support into the accounts they co-own, as the owner may (decision 0017). */}
      {session.organisations
        .filter((o) => o.coowner && o.ownerUid !== session.uid)
        .map((o) => (
          <SupportAccessSection key={o.id} uid={o.ownerUid} organisation={o.name} />
        ))}
      <ActivitySection uid={session.uid} />
      <OrganisationsSection uid={session.uid} organisations={session.organisations} />
    </div>
  );
}

import '../../../shared/i18n/permissions.texts.ts';
import { Link, useLocation, useSearchParams } from 'react-router';
import { errorText } from '../../../shared/api/error-text.ts';
import { paths } from '../../../shared/config/paths.ts';
import { useTranslation } from '../../../shared/i18n/use-translation.ts';
import { useShell } from '../../../shared/routing/shell.tsx';
import { useSessionActions } from '../../../shared/session/actions.tsx';
import { useSession } from '../../../shared/session/store.ts';
import { AuthCard } from '../../../shared/ui/AuthCard.tsx';
import { FormError } from '../../../shared/ui/FormError.tsx';
import { linkClass, primaryButton, secondaryButton } from '../../../shared/ui/styles.ts';
import { useAcceptInvite } from '../api/accept-invite.ts';
import '../../../shared/i18n/accounts.texts.ts';

const sameAddress = (a: string, b: string) => a.trim().toLowerCase() === b.trim().toLowerCase();

/**
 * /acceptinvite?token&email (spec 000 §2): signed in with the invited address, accepting adds the inviting
 * account to the user's organisations ("add organisation", spec 000 §4). Signed out: sign in and come back here,
 * or create an account with the address, which joins the inviting account on the way.
 */
export function AcceptInvitePage() {
  const { t } = useTranslation();
  const { brand } = useShell();
  const [search] = useSearchParams();
  const location = useLocation();
  const session = useSession();
  const { refreshAccount, signOut } = useSessionActions();
  const accept = useAcceptInvite();
  const token = search.get('token') ?? '';
  const email = search.get('email') ?? '';
  const here = location.pathname + location.search;

  const onAccept = () =>
    accept.mutate(token, {
      // The new organisation comes with fresh account info; a failure there leaves it for the next start.
      onSuccess: () => void refreshAccount().catch(() => undefined),
    });

  let body: React.ReactNode;
  if (!token) body = <FormError message={t('invite.invalidLink')} />;
  else if (accept.isSuccess)
    body = (
      <>
        <p role="status" className="rounded-md bg-green-50 p-3 text-sm text-green-900">
          {t('invite.accepted', { level: t(`permissions.levels.${accept.data.level}`) })}
        </p>
        <div className="mt-6 space-y-2">
          <Link to={paths.cameras} className={primaryButton}>
            {t('invite.toCameras')}
          </Link>
          <Link to={paths.account} className={secondaryButton}>
            {t('invite.toAccount')}
          </Link>
        </div>
      </>
    );
  else if (!session)
    body = (
      <>
        <p className="text-neutral-700">
          {email
            ? t('invite.forEmail', { email, brand: brand.name })
            : t('invite.generic', { brand: brand.name })}
        </p>
        <div className="mt-6 space-y-2">
          <Link to={paths.signIn} state={{ from: here }} className={primaryButton}>
            {t('invite.signInToAccept')}
          </Link>
          {brand.canRegister && (
            <Link
              to={`${paths.register}?${new URLSearchParams({ email, inviteid: token })}`}
              className={secondaryButton}
            >
              {t('invite.register')}
            </Link>
          )}
        </div>
      </>
    );
  else if (email && !sameAddress(email, session.email))
    body = (
      <>
        <p className="text-neutral-700">{t('invite.otherAddress', { email, current: session.email })}</p>
        <button type="button" onClick={() => void signOut()} className={`${primaryButton} mt-6`}>
          {t('invite.switchAccount')}
        </button>
      </>
    );
  else
    body = (
      <>
        <p className="text-neutral-700">
          {t('invite.signedIn', { email: session.email, brand: brand.name })}
        </p>
        <div className="mt-4">
          <FormError message={accept.error ? errorText(accept.error, t) : undefined} />
        </div>
        <button
          type="button"
          onClick={onAccept}
          disabled={accept.isPending}
          className={`${primaryButton} mt-4`}
        >
          {accept.isPending ? t('invite.accepting') : t('invite.accept')}
        </button>
      </>
    );

  return (
    <AuthCard title={t('routes.acceptInvite')}>
      {body}
      <p className="mt-6 text-center text-sm">
        <Link to={paths.permissionLevels} className={linkClass}>
          {t('members.levelsLink')}
        </Link>
      </p>
    </AuthCard>
  );
}

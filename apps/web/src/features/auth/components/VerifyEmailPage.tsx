import { useEffect, useRef } from 'react';
import { Link, useSearchParams } from 'react-router';
import { errorText } from '../../../shared/api/error-text.ts';
import { paths } from '../../../shared/config/paths.ts';
import { useTranslation } from '../../../shared/i18n/use-translation.ts';
import { useSession } from '../../../shared/session/store.ts';
import { AuthCard } from '../../../shared/ui/AuthCard.tsx';
import { FormError } from '../../../shared/ui/FormError.tsx';
import { linkClass } from '../../../shared/ui/styles.ts';
import { useVerifyEmail } from '../api/verify-email.ts';

/** The page the confirmation e-mail links to (?uid&v): confirms the address at once, then says so. */
export function VerifyEmailPage() {
  const { t } = useTranslation();
  const [search] = useSearchParams();
  const uid = search.get('uid') ?? '';
  const v = search.get('v') ?? '';
  const verify = useVerifyEmail();
  // Most people open the link in the browser they are signed in on: send them on to their cameras, not to sign in.
  const signedIn = useSession() !== null;
  const { mutate } = verify;
  // Once per link, even when React runs effects twice (development): the token is single-use, so a second call
  // would only answer "used" over the first one's success.
  const sent = useRef('');
  useEffect(() => {
    if (!uid || !v || sent.current === v) return;
    sent.current = v;
    mutate({ uid, v });
  }, [uid, v, mutate]);

  let body: React.ReactNode;
  if (!uid || !v) body = <FormError message={t('auth.invalidLink')} />;
  else if (verify.isSuccess)
    body = (
      <p role="status" className="rounded-md bg-green-50 p-3 text-sm text-green-900">
        {t('auth.verified')}
      </p>
    );
  else if (verify.isError) body = <FormError message={errorText(verify.error, t)} />;
  else body = <p className="text-neutral-600">{t('auth.verifying')}</p>;
  return (
    <AuthCard title={t('auth.verifyTitle')}>
      {body}
      <p className="mt-6 text-center text-sm">
        <Link to={signedIn ? paths.cameras : paths.signIn} className={linkClass}>
          {signedIn ? t('auth.toCameras') : t('auth.backToSignIn')}
        </Link>
      </p>
    </AuthCard>
  );
}

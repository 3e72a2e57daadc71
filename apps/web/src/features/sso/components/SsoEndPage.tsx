import '../../../shared/i18n/sso.texts.ts';
import type { SsoCallbackBody } from '@vigil/contracts/sso';
import { useCallback } from 'react';
import { Link, useNavigate, useParams } from 'react-router';
import { paths } from '../../../shared/config/paths.ts';
import { useTranslation } from '../../../shared/i18n/use-translation.ts';
import { useShell } from '../../../shared/routing/shell.tsx';
import { useSessionActions } from '../../../shared/session/actions.tsx';
import { FormError } from '../../../shared/ui/FormError.tsx';
import { linkClass } from '../../../shared/ui/styles.ts';
import { finishSignIn } from '../api/callback.ts';
import { useProviderAnswer } from '../use-provider-answer.ts';
import { RegisterOffer } from './RegisterOffer.tsx';
import { SsoCard } from './SsoCard.tsx';

/**
 * /sso/:provider/end and /oauth/:provider/end: the provider sent the browser back. The server checks its answer
 * and signs in the linked account; with none linked, the screen says so (sso_no_linked_account) and offers to
 * register with that identity where the brand registers users.
 */
export function SsoEndPage({ route }: { route: 'sso' | 'oauth' }) {
  const { t } = useTranslation();
  const provider = useParams().provider ?? '';
  const navigate = useNavigate();
  const actions = useSessionActions();
  const { brand } = useShell();
  const finish = useCallback(
    async (p: string, body: SsoCallbackBody) => {
      const r = await finishSignIn(p, body);
      if (r.status === 'signedIn') {
        actions.signedIn(r.login, true);
        // The sign-in page's redirect-if-signed-in rule sends the user where they belong (portal, cameras, …).
        void navigate(paths.signIn, { replace: true });
      }
      return r;
    },
    [actions, navigate],
  );
  const { answer, error } = useProviderAnswer(provider, 'signin', finish);
  const unlinked = answer?.status === 'unlinked' ? answer : undefined;

  let body: React.ReactNode;
  if (error) body = <FormError message={error} />;
  else if (unlinked)
    body = (
      <>
        <p role="alert" className="text-neutral-800">
          {t('sso.errors.sso_no_linked_account')}
        </p>
        {brand.canRegister && unlinked.email && (
          <RegisterOffer
            provider={provider}
            idToken={unlinked.idToken}
            email={unlinked.email}
            route={route}
          />
        )}
        <p className="mt-4 text-sm text-neutral-700">{t('sso.linkHint')}</p>
      </>
    );
  else
    body = (
      <p role="status" className="text-neutral-700">
        {t('sso.signingIn')}
      </p>
    );
  return (
    <SsoCard title={t('sso.title')}>
      {body}
      {(error || unlinked) && (
        <p className="mt-6 text-center text-sm">
          <Link to={paths.signIn} className={linkClass}>
            {t('auth.backToSignIn')}
          </Link>
        </p>
      )}
    </SsoCard>
  );
}

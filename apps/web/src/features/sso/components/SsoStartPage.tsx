import '../../../shared/i18n/sso.texts.ts';
import { useEffect, useRef, useState } from 'react';
import { Link, useParams, useSearchParams } from 'react-router';
import { paths } from '../../../shared/config/paths.ts';
import { useTranslation } from '../../../shared/i18n/use-translation.ts';
import { FormError } from '../../../shared/ui/FormError.tsx';
import { linkClass } from '../../../shared/ui/styles.ts';
import { authorize } from '../api/authorize.ts';
import { ssoErrorText } from '../error-text.ts';
import { savePending } from '../pending.ts';
import { SsoCard } from './SsoCard.tsx';

/**
 * /sso/:provider/start and /oauth/:provider/start: asks the server for the provider's address (state, nonce and
 * PKCE kept there, decision 0832) and sends the browser on. `?convert=1` links the provider to the signed-in account.
 */
export function SsoStartPage({ route }: { route: 'sso' | 'oauth' }) {
  const { t } = useTranslation();
  const provider = useParams().provider ?? '';
  const [search] = useSearchParams();
  const purpose = search.get('convert') ? 'convert' : 'signin';
  const [error, setError] = useState<string>();
  // Once, even when React runs effects twice (development): each start is a new state at the provider.
  const started = useRef(false);
  useEffect(() => {
    if (started.current) return;
    started.current = true;
    authorize(provider, { purpose, route })
      .then((r) => {
        savePending({ provider, purpose, binding: r.binding });
        location.assign(r.url);
      })
      .catch((err: unknown) => setError(ssoErrorText(err, t)));
  }, [provider, purpose, route, t]);

  return (
    <SsoCard title={t('sso.title')}>
      {error ? (
        <>
          <FormError message={error} />
          <p className="mt-6 text-center text-sm">
            <Link to={paths.signIn} className={linkClass}>
              {t('auth.backToSignIn')}
            </Link>
          </p>
        </>
      ) : (
        <p role="status" className="text-neutral-700">
          {t('sso.redirecting')}
        </p>
      )}
    </SsoCard>
  );
}

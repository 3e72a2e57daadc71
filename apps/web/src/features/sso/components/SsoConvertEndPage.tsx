import type { SsoLinked } from '@vigil/contracts/sso';
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useParams } from 'react-router';
import { paths } from '../../../shared/config/paths.ts';
import { FormError } from '../../../shared/ui/FormError.tsx';
import { linkClass } from '../../../shared/ui/styles.ts';
import { finishLink } from '../api/link.ts';
import { ssoErrorText } from '../error-text.ts';
import { clearPending, readPending } from '../pending.ts';
import { SsoCard } from './SsoCard.tsx';

/**
 * /sso/:provider/convert/end: back from the provider after "link single sign-on"; the server links the identity to
 * the signed-in account, unless it is already another account's (sso_account_already_used).
 */
export function SsoConvertEndPage() {
  const { t } = useTranslation();
  const provider = useParams().provider ?? '';
  const [error, setError] = useState<string>();
  const [linked, setLinked] = useState<SsoLinked>();
  // The secret this tab kept when it set off; without it this answer was not asked for here (or already used).
  const [pending] = useState(() => readPending(provider, 'convert'));
  const done = useRef(false);
  useEffect(() => {
    if (done.current || !pending) return;
    done.current = true;
    clearPending();
    finishLink(provider, { query: location.search, binding: pending.binding })
      .then(setLinked)
      .catch((err: unknown) => setError(ssoErrorText(err, t)));
  }, [provider, pending, t]);

  let body: React.ReactNode;
  if (!pending) body = <FormError message={t('sso.notStartedHere')} />;
  else if (error) body = <FormError message={error} />;
  else if (linked)
    body = (
      <p role="status" className="rounded-md bg-green-50 p-3 text-sm text-green-900">
        {linked.email ? t('sso.linkedAs', { email: linked.email }) : t('sso.linked')}
      </p>
    );
  else
    body = (
      <p role="status" className="text-neutral-700">
        {t('sso.linking')}
      </p>
    );
  return (
    <SsoCard title={t('sso.title')}>
      {body}
      {(error || linked || !pending) && (
        <p className="mt-6 text-center text-sm">
          <Link to={paths.account} className={linkClass}>
            {t('sso.backToAccount')}
          </Link>
        </p>
      )}
    </SsoCard>
  );
}

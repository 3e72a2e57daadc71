import '../../../shared/i18n/sso.texts.ts';
import { Link, useParams } from 'react-router';
import { paths } from '../../../shared/config/paths.ts';
import { useTranslation } from '../../../shared/i18n/use-translation.ts';
import { FormError } from '../../../shared/ui/FormError.tsx';
import { linkClass } from '../../../shared/ui/styles.ts';
import { finishLink } from '../api/link.ts';
import { useProviderAnswer } from '../use-provider-answer.ts';
import { SsoCard } from './SsoCard.tsx';

/**
 * /sso/:provider/convert/end: back from the provider after "Link" on /account; the server links the identity to
 * the signed-in account, unless it is already another account's (sso_account_already_used).
 */
export function SsoConvertEndPage() {
  const { t } = useTranslation();
  const provider = useParams().provider ?? '';
  const { answer: linked, error } = useProviderAnswer(provider, 'convert', finishLink);
  let body: React.ReactNode;
  if (error) body = <FormError message={error} />;
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
      {(error || linked) && (
        <p className="mt-6 text-center text-sm">
          <Link to={paths.account} className={linkClass}>
            {t('sso.backToAccount')}
          </Link>
        </p>
      )}
    </SsoCard>
  );
}

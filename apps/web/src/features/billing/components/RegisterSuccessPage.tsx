import { Link } from 'react-router';
import { paths } from '../../../shared/config/paths.ts';
import { useTranslation } from '../../../shared/i18n/use-translation.ts';
import { AuthCard } from '../../../shared/ui/AuthCard.tsx';
import { linkClass, primaryButton } from '../../../shared/ui/styles.ts';
import '../../../shared/i18n/billing.texts.ts';

/** /app-register-success (spec 000 §2): the plan is paid; the next thing to do is adding a camera. */
export function RegisterSuccessPage() {
  const { t } = useTranslation();
  return (
    <AuthCard title={t('billing.success.title')}>
      <p className="text-neutral-700">{t('billing.success.text')}</p>
      <div className="mt-6 flex flex-col gap-2">
        <Link to={paths.install} className={primaryButton}>
          {t('billing.success.addCamera')}
        </Link>
        <Link to={paths.cameras} className={linkClass}>
          {t('billing.success.open')}
        </Link>
      </div>
    </AuthCard>
  );
}

import '../../../shared/i18n/partners.texts.ts';
import { Link } from 'react-router';
import { paths } from '../../../shared/config/paths.ts';
import { useTranslation } from '../../../shared/i18n/use-translation.ts';
import { useShellPath } from '../../../shared/routing/shell.tsx';
import { useSession } from '../../../shared/session/store.ts';
import { fit, secondaryButton } from '../../../shared/ui/styles.ts';
import { Block } from './Page.tsx';

/**
 * The free partner demo (spec 000 §3, §6; decision 0721): installers and distributors watch the demo account's
 * cameras live on the cameras page (installers have them as the group 'Free partner demo').
 */
export function PartnerDemo() {
  const { t } = useTranslation();
  const link = useShellPath();
  const session = useSession();
  const count = session?.partnerDemoCameras.length ?? 0;
  if (count === 0) return null;
  const title = session?.accountType === 'd' ? t('demo.distributorDemo') : t('demo.freePartnerDemo');
  return (
    <Block title={title} id="portal-demo">
      <p className="text-neutral-700">{t('partners.demo.intro', { count })}</p>
      <Link to={link(paths.cameras)} className={fit(secondaryButton)}>
        {t('partners.demo.watch')}
      </Link>
    </Block>
  );
}

import '../../../shared/i18n/cameras.texts.ts';
import type { Uidd } from '@vigil/contracts';
import { Link } from 'react-router';
import { useStatuses } from '../../../shared/cameras/statuses.ts';
import { useCamerasOf } from '../../../shared/cameras/visible-cameras.ts';
import { paths } from '../../../shared/config/paths.ts';
import { useTranslation } from '../../../shared/i18n/use-translation.ts';
import { useShellPath } from '../../../shared/routing/shell.tsx';
import { fit, primaryButton } from '../../../shared/ui/styles.ts';
import { Block, badge, cardList, cardRow } from './Page.tsx';
import '../../../shared/i18n/partners.texts.ts';

/**
 * A customer's cameras as its installer sees them: names and online or offline, refreshed like every status list;
 * the installer adds cameras for the customer from here (decision 0720). Never their pictures or video.
 */
export function CustomerCameras({ customerUid, accepted }: { customerUid: string; accepted: boolean }) {
  const { t } = useTranslation();
  const link = useShellPath();
  const cameras = useCamerasOf(customerUid);
  const uidds = (cameras.data ?? []).map((c) => c.uidd as Uidd);
  const statuses = useStatuses(uidds);
  return (
    <Block title={t('partners.cameras')} id="customer-cameras">
      {accepted ? (
        <Link
          to={`${link(paths.install)}?owner=${encodeURIComponent(customerUid)}`}
          className={fit(primaryButton)}
        >
          {t('partners.installForCustomer')}
        </Link>
      ) : (
        <p className="text-neutral-700">{t('partners.installAfterAccept')}</p>
      )}
      {cameras.data && cameras.data.length === 0 && <p className="text-neutral-600">{t('cameras.none')}</p>}
      {cameras.data && cameras.data.length > 0 && (
        <ul className={cardList} aria-label={t('partners.cameras')}>
          {cameras.data.map((c) => {
            const status = statuses.data?.get(c.uidd as Uidd)?.status;
            return (
              <li key={c.uidd} className={cardRow}>
                <span className="font-medium">{c.name}</span>
                {status && (
                  <span className={badge(status === 'online')}>
                    {status === 'online' ? t('cameras.online') : t('cameras.offline')}
                  </span>
                )}
              </li>
            );
          })}
        </ul>
      )}
    </Block>
  );
}

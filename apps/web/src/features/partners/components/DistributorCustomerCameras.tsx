import { useTranslation } from '../../../shared/i18n/use-translation.ts';
import { useCustomerCameras } from '../api/customer-cameras.ts';
import { Block, badge, cardList, cardRow } from './Page.tsx';
import '../../../shared/i18n/partners.texts.ts';

/**
 * A customer's cameras as the distributor above its installer sees them (decision 0872): the installer's list, read
 * only. Installing is the installer's; pictures and video are nobody's here.
 */
export function DistributorCustomerCameras({ customerUid }: { customerUid: string }) {
  const { t } = useTranslation();
  const cameras = useCustomerCameras(customerUid);
  const list = cameras.data?.cameras;
  return (
    <Block title={t('partners.cameras')} id="customer-cameras">
      {list && list.length === 0 && <p className="text-neutral-600">{t('cameras.none')}</p>}
      {list && list.length > 0 && (
        <ul className={cardList} aria-label={t('partners.cameras')}>
          {list.map((c) => (
            <li key={c.uidd} className={cardRow}>
              <span className="font-medium">{c.name}</span>
              <span className={badge(c.status === 'online')}>
                {c.status === 'online' ? t('cameras.online') : t('cameras.offline')}
              </span>
            </li>
          ))}
        </ul>
      )}
    </Block>
  );
}

import type { RegionalCustomerList } from '@vigil/contracts';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { linkClass } from '../../../shared/ui/styles.ts';
import { badge, cardList, cardRow } from './Page.tsx';
import '../../../shared/i18n/partners.texts.ts';

/**
 * Customers with their cameras and whether the owner accepted; each of this region opens its page at `linkOf`.
 * Customers of another region (decision 0618) carry its name and open in that region's portal, not here.
 */
export function CustomerList({
  list,
  linkOf,
}: {
  list: RegionalCustomerList;
  linkOf: (uid: string) => string;
}) {
  const { t } = useTranslation();
  const { customers, unavailable, region } = list;
  const missing =
    unavailable.length > 0 ? (
      <p role="status" className="text-sm text-neutral-700">
        {t('partners.regionsUnavailable', { regions: unavailable.join(', ') })}
      </p>
    ) : null;
  if (customers.length === 0)
    return (
      <>
        {missing}
        <p className="text-neutral-600">{t('partners.noCustomers')}</p>
      </>
    );
  return (
    <>
      {missing}
      <ul className={cardList} aria-label={t('partners.customers')}>
        {customers.map((c) => (
          <li key={`${c.region} ${c.uid}`} className={cardRow}>
            <div className="min-w-0">
              {c.region === region ? (
                <Link to={linkOf(c.uid)} className={linkClass}>
                  {c.company}
                </Link>
              ) : (
                <span>
                  {c.company}{' '}
                  <span className="text-sm text-neutral-700">
                    {t('partners.inRegion', { region: c.region })}
                  </span>
                </span>
              )}
              <p className="truncate text-sm text-neutral-600">{c.email}</p>
            </div>
            <div className="flex items-center gap-3 text-sm">
              <span>
                {t('partners.cameras')}: {c.cameras}
              </span>
              <span className={badge(c.accepted)}>
                {c.accepted ? t('partners.accepted') : t('partners.pending')}
              </span>
            </div>
          </li>
        ))}
      </ul>
    </>
  );
}

import type { RegionalCustomerList } from '@vigil/contracts';
import { Link } from 'react-router';
import { useTranslation } from '../../../shared/i18n/use-translation.ts';
import { linkClass } from '../../../shared/ui/styles.ts';
import { badge, cardList, cardRow } from './Page.tsx';
import '../../../shared/i18n/partners.texts.ts';

/**
 * Customers with their cameras and whether the owner accepted; each opens its page at `linkOf` (a customer of another
 * region, decisions 0618, 0620, with its region; `linkOf` answering nothing for it: named with its region only).
 * `showRegions` (a deployment of several regions, decision 0858): every customer names its region, this one's too.
 */
export function CustomerList({
  list,
  linkOf,
  showRegions = false,
}: {
  list: RegionalCustomerList;
  linkOf: (uid: string, region?: string) => string | undefined;
  showRegions?: boolean;
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
        {customers.map((c) => {
          const to = c.region === region ? linkOf(c.uid) : linkOf(c.uid, c.region);
          return (
            <li key={`${c.region} ${c.uid}`} className={cardRow}>
              <div className="min-w-0">
                {to ? (
                  <Link to={to} className={linkClass}>
                    {c.company}
                  </Link>
                ) : (
                  <span>{c.company}</span>
                )}
                {(showRegions || c.region !== region) && (
                  <span className="text-sm text-neutral-700">
                    {' '}
                    {t(to ? 'partners.regionTag' : 'partners.inRegion', { region: c.region })}
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
          );
        })}
      </ul>
    </>
  );
}

import type { Customer } from '@vigil/contracts';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { linkClass } from '../../../shared/ui/styles.ts';
import { badge, cardList, cardRow } from './Page.tsx';
import '../../../shared/i18n/partners.texts.ts';

/** Customers with their cameras and whether the owner accepted; each opens its page at `linkOf`. */
export function CustomerList({
  customers,
  linkOf,
}: {
  customers: Customer[];
  linkOf: (uid: string) => string;
}) {
  const { t } = useTranslation();
  if (customers.length === 0) return <p className="text-neutral-600">{t('partners.noCustomers')}</p>;
  return (
    <ul className={cardList} aria-label={t('partners.customers')}>
      {customers.map((c) => (
        <li key={c.uid} className={cardRow}>
          <div className="min-w-0">
            <Link to={linkOf(c.uid)} className={linkClass}>
              {c.company}
            </Link>
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
  );
}

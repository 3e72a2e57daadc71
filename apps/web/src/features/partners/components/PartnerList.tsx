import type { Partner } from '@vigil/contracts';
import { Link } from 'react-router';
import { useTranslation } from '../../../shared/i18n/use-translation.ts';
import { linkClass } from '../../../shared/ui/styles.ts';
import { badge, cardList, cardRow } from './Page.tsx';
import { PartnerActions } from './PartnerActions.tsx';
import '../../../shared/i18n/partners.texts.ts';

/** Distributors or installers with their totals; each opens at `linkOf` when given. */
export function PartnerList({
  partners,
  empty,
  label,
  linkOf,
  actions = false,
}: {
  partners: Partner[];
  empty: string;
  label: string;
  linkOf?: (id: string) => string;
  /** Show each partner's actions (invite again, suspend): a distributor's installers, support's lists. */
  actions?: boolean;
}) {
  const { t } = useTranslation();
  if (partners.length === 0) return <p className="text-neutral-600">{empty}</p>;
  return (
    <ul className={cardList} aria-label={label}>
      {partners.map((p) => (
        <li key={p.id} className={cardRow}>
          <div className="min-w-0">
            {linkOf ? (
              <Link to={linkOf(p.id)} className={linkClass}>
                {p.company}
              </Link>
            ) : (
              <span className="font-medium">{p.company}</span>
            )}
            <p className="truncate text-sm text-neutral-600">
              {p.email} · {p.id}
            </p>
          </div>
          <div className="flex flex-wrap items-center gap-3 text-sm">
            {p.kind === 'd' && (
              <span>
                {t('partners.installers')}: {p.installers}
              </span>
            )}
            <span>
              {t('partners.customers')}: {p.customers}
            </span>
            <span className={badge(!p.suspended && p.accepted)}>
              {p.suspended
                ? t('partners.suspended')
                : p.accepted
                  ? t('partners.active')
                  : t('partners.pending')}
            </span>
            {actions && <PartnerActions partner={p} />}
          </div>
        </li>
      ))}
    </ul>
  );
}

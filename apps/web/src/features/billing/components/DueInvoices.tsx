import { Link } from 'react-router';
import { paths } from '../../../shared/config/paths.ts';
import { useTranslation } from '../../../shared/i18n/use-translation.ts';
import { linkClass } from '../../../shared/ui/styles.ts';
import { useInvoices } from '../api/invoices.ts';
import { money } from '../plan-format.ts';
import '../../../shared/i18n/billing.texts.ts';

/**
 * Invoices waiting to be paid (a plan change's proration, a renewal), each with its way to /payment. Shown on the
 * plan page, which every owner sees (/billing is for end-user-pro accounts only).
 */
export function DueInvoices({ uid }: { uid: string }) {
  const { t, i18n } = useTranslation();
  const list = useInvoices(uid);
  const due = list.data?.invoices.filter((i) => i.status === 'open' || i.status === 'failed') ?? [];
  if (due.length === 0) return null;
  return (
    <ul className="space-y-2" aria-label={t('billing.invoices.due')}>
      {due.map((inv) => (
        <li
          key={inv.id}
          className="flex flex-wrap items-center justify-between gap-2 rounded-md bg-amber-50 p-3 text-sm"
        >
          <span>
            {t('billing.invoices.dueLine', {
              what: t(`billing.invoices.kinds.${inv.kind}`),
              amount: money(inv.price.total, inv.price.currency.code, i18n.language),
            })}
          </span>
          <Link to={`${paths.payment}?invoice=${encodeURIComponent(inv.id)}`} className={linkClass}>
            {t('billing.invoices.pay')}
          </Link>
        </li>
      ))}
    </ul>
  );
}

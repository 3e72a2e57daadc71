import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { errorText } from '../../../shared/api/error-text.ts';
import { paths } from '../../../shared/config/paths.ts';
import { usePageTitle } from '../../../shared/platform/mobile-header.tsx';
import { useShell } from '../../../shared/routing/shell.tsx';
import { useSession } from '../../../shared/session/store.ts';
import { formatDateTime, useTimeZone } from '../../../shared/session/time-zone.ts';
import { FormError } from '../../../shared/ui/FormError.tsx';
import { linkClass } from '../../../shared/ui/styles.ts';
import { useInvoices } from '../api/invoices.ts';
import { money } from '../plan-format.ts';
import '../../../shared/i18n/billing.texts.ts';

/** /manage-plan/billing (spec 000 §2, end-user-pro accounts): the invoices, newest first; open ones can be paid. */
export function BillingPage() {
  const { t, i18n } = useTranslation();
  const { brand } = useShell();
  usePageTitle(t('routes.billing'), brand.name);
  const zone = useTimeZone();
  const uid = useSession()?.uid ?? '';
  const list = useInvoices(uid);
  return (
    <section
      className="mx-auto w-full max-w-[1200px] space-y-4 px-4 py-6 sm:px-6"
      aria-labelledby="billing-title"
    >
      <h1 id="billing-title" className="text-2xl font-semibold tracking-tight">
        {t('routes.billing')}
      </h1>
      {list.error && <FormError message={errorText(list.error, t)} />}
      {list.data?.invoices.length === 0 && <p className="text-neutral-700">{t('billing.invoices.none')}</p>}
      {list.data && list.data.invoices.length > 0 && (
        <div className="overflow-x-auto rounded-xl border border-neutral-200 bg-white">
          <table className="w-full text-left text-sm">
            <thead className="bg-neutral-50 text-neutral-700">
              <tr>
                <th scope="col" className="px-3 py-2">
                  {t('billing.invoices.date')}
                </th>
                <th scope="col" className="px-3 py-2">
                  {t('billing.invoices.kind')}
                </th>
                <th scope="col" className="px-3 py-2">
                  {t('billing.total')}
                </th>
                <th scope="col" className="px-3 py-2">
                  {t('billing.invoices.status')}
                </th>
              </tr>
            </thead>
            <tbody>
              {list.data.invoices.map((inv) => (
                <tr key={inv.id} className="border-t border-neutral-200">
                  <td className="px-3 py-2">{formatDateTime(inv.createdAt, i18n.language, zone)}</td>
                  <td className="px-3 py-2">{t(`billing.invoices.kinds.${inv.kind}`)}</td>
                  <td className="px-3 py-2">
                    {money(inv.price.total, inv.price.currency.code, i18n.language)}
                  </td>
                  <td className="px-3 py-2">
                    {inv.status === 'paid' ? (
                      t('billing.invoices.statuses.paid')
                    ) : inv.status === 'void' ? (
                      t('billing.invoices.statuses.void')
                    ) : (
                      <Link
                        to={`${paths.payment}?invoice=${encodeURIComponent(inv.id)}`}
                        className={linkClass}
                      >
                        {t('billing.invoices.pay')}
                      </Link>
                    )}
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
    </section>
  );
}

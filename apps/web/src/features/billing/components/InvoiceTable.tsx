import '../../../shared/i18n/billing.texts.ts';
import { type Invoice, invoiceNumber } from '@vigil/contracts';
import { useState } from 'react';
import { Link } from 'react-router';
import { paths } from '../../../shared/config/paths.ts';
import { useTranslation } from '../../../shared/i18n/use-translation.ts';
import { formatDateTime, useTimeZone } from '../../../shared/session/time-zone.ts';
import { FormError } from '../../../shared/ui/FormError.tsx';
import { linkClass, smallButton } from '../../../shared/ui/styles.ts';
import { downloadInvoicePdf } from '../api/invoice-pdf.ts';
import { money } from '../plan-format.ts';

const th = 'px-3 py-2';

/** The invoice history, newest first: number, date, what for, total, status (or a way to pay), and its PDF. */
export function InvoiceTable({ uid, invoices }: { uid: string; invoices: Invoice[] }) {
  const { t, i18n } = useTranslation();
  const zone = useTimeZone();
  const [failed, setFailed] = useState(false);
  return (
    <div className="space-y-2">
      <FormError message={failed ? t('billing.invoices.pdfFailed') : undefined} />
      <div className="overflow-x-auto rounded-xl border border-neutral-200 bg-white">
        <table className="w-full text-left text-sm">
          <caption className="sr-only">{t('billing.invoices.title')}</caption>
          <thead className="bg-neutral-50 text-neutral-700">
            <tr>
              <th scope="col" className={th}>
                {t('billing.invoices.number')}
              </th>
              <th scope="col" className={th}>
                {t('billing.invoices.date')}
              </th>
              <th scope="col" className={th}>
                {t('billing.invoices.kind')}
              </th>
              <th scope="col" className={th}>
                {t('billing.total')}
              </th>
              <th scope="col" className={th}>
                {t('billing.invoices.status')}
              </th>
              <th scope="col" className={th}>
                <span className="sr-only">{t('billing.invoices.pdf')}</span>
              </th>
            </tr>
          </thead>
          <tbody>
            {invoices.map((inv) => (
              <tr key={inv.id} className="border-t border-neutral-200">
                <th scope="row" className={`${th} whitespace-nowrap font-medium`}>
                  {invoiceNumber(inv.number)}
                </th>
                <td className={th}>{formatDateTime(inv.createdAt, i18n.language, zone)}</td>
                <td className={th}>{t(`billing.invoices.kinds.${inv.kind}`)}</td>
                <td className={`${th} whitespace-nowrap`}>
                  {money(inv.price.total, inv.price.currency.code, i18n.language)}
                </td>
                <td className={th}>
                  {inv.status === 'paid' || inv.status === 'void' ? (
                    t(`billing.invoices.statuses.${inv.status}`)
                  ) : (
                    <Link to={`${paths.payment}?invoice=${encodeURIComponent(inv.id)}`} className={linkClass}>
                      {t('billing.invoices.pay')}
                    </Link>
                  )}
                </td>
                <td className={th}>
                  <button
                    type="button"
                    className={smallButton}
                    aria-label={t('billing.invoices.pdfOf', { number: invoiceNumber(inv.number) })}
                    onClick={() => {
                      setFailed(false);
                      downloadInvoicePdf(uid, inv).catch(() => setFailed(true));
                    }}
                  >
                    {t('billing.invoices.pdf')}
                  </button>
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
    </div>
  );
}

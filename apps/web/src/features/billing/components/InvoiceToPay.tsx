import '../../../shared/i18n/billing.texts.ts';
import type { Invoice } from '@vigil/contracts';
import type { ReactNode } from 'react';
import { useTranslation } from '../../../shared/i18n/use-translation.ts';
import { planText } from '../plan-format.ts';
import { PriceSummary } from './PriceSummary.tsx';

/** An invoice being paid: its plan and price, then the way to pay it (`children`), or that it is paid. */
export function InvoiceToPay({ invoice, children }: { invoice: Invoice; children: ReactNode }) {
  const { t } = useTranslation();
  return (
    <div className="space-y-4">
      <p className="text-neutral-800">{planText(invoice.plan, t)}</p>
      <PriceSummary price={invoice.price} />
      {invoice.status === 'paid' ? <p role="status">{t('billing.payment.alreadyPaid')}</p> : children}
    </div>
  );
}

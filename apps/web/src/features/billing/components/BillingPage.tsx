import type { Invoice } from '@vigil/contracts';
import { errorText } from '../../../shared/api/error-text.ts';
import { useTranslation } from '../../../shared/i18n/use-translation.ts';
import { usePageTitle } from '../../../shared/platform/mobile-header.tsx';
import { useShell } from '../../../shared/routing/shell.tsx';
import { useSession } from '../../../shared/session/store.ts';
import { FormError } from '../../../shared/ui/FormError.tsx';
import { useInvoices } from '../api/invoices.ts';
import '../../../shared/i18n/billing.texts.ts';
import { InvoiceTable } from './InvoiceTable.tsx';

/** How the newest paid invoice was paid: a card (its last digits), Stripe, PayPal, or a transfer support marked paid. */
function PaymentMethod({ invoices }: { invoices: Invoice[] }) {
  const { t } = useTranslation();
  const last = invoices.find((i) => i.status === 'paid');
  const text = !last
    ? t('billing.method.none')
    : last.cardLast4
      ? t('billing.method.card', { last4: last.cardLast4 })
      : last.provider === 'paypal'
        ? t('billing.method.paypal')
        : last.provider === 'stripe'
          ? t('billing.method.stripe')
          : t('billing.method.transfer');
  return (
    <section aria-labelledby="method-title" className="rounded-xl border border-neutral-200 bg-white p-4">
      <h2 id="method-title" className="font-semibold">
        {t('billing.method.title')}
      </h2>
      <p className="mt-1 text-neutral-800" data-testid="payment-method">
        {text}
      </p>
    </section>
  );
}

/**
 * /manage-plan/billing (spec 000 §2, end-user-pro accounts): the payment method, then the invoice history, newest
 * first, each with its PDF (decision 0742); open ones can be paid.
 */
export function BillingPage() {
  const { t } = useTranslation();
  const { brand } = useShell();
  usePageTitle(t('routes.billing'), brand.name);
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
      {list.data && <PaymentMethod invoices={list.data.invoices} />}
      <h2 className="font-semibold">{t('billing.invoices.title')}</h2>
      {list.data?.invoices.length === 0 && <p className="text-neutral-700">{t('billing.invoices.none')}</p>}
      {list.data && list.data.invoices.length > 0 && <InvoiceTable uid={uid} invoices={list.data.invoices} />}
    </section>
  );
}

import { Link, useNavigate, useSearchParams } from 'react-router';
import { errorText } from '../../../shared/api/error-text.ts';
import { paths } from '../../../shared/config/paths.ts';
import { useTranslation } from '../../../shared/i18n/use-translation.ts';
import { useSession } from '../../../shared/session/store.ts';
import { AuthCard } from '../../../shared/ui/AuthCard.tsx';
import { FormError } from '../../../shared/ui/FormError.tsx';
import { useInvoice } from '../api/invoices.ts';
import { afterPayment, usePayInvoice } from '../api/pay-invoice.ts';
import { CardForm } from './CardForm.tsx';
import { InvoiceToPay } from './InvoiceToPay.tsx';
import { PayPalButton } from './PayPalButton.tsx';
import { SignOutButton } from './SignOutButton.tsx';
import { StripeButton, StripeReturn } from './StripeCheckout.tsx';
import '../../../shared/i18n/billing.texts.ts';

/**
 * /payment?invoice= (spec 000 §2): pays an invoice with a card through the payment provider (the built-in test
 * provider, decision 0741, and the page says so: no money moves; or Stripe's hosted page, decision 0750, which sends
 * the payer back here with `session_id`) or with PayPal (decision 0745).
 */
export function PaymentPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const [search] = useSearchParams();
  const id = search.get('invoice') ?? '';
  const session = useSession();
  const uid = session?.uid ?? '';
  const back = session?.incompleteSelfRegSteps.includes('payment') ? paths.getStarted : paths.managePlan;
  const invoice = useInvoice(uid, id);
  const pay = usePayInvoice(uid, id);
  const sessionId = search.get('session_id');

  return (
    <AuthCard title={t('billing.payment.title')}>
      {!id && <FormError message={t('billing.payment.noInvoice')} />}
      {invoice.error && <FormError message={errorText(invoice.error, t)} />}
      {invoice.data?.provider === 'stripe' && sessionId && (
        <StripeReturn uid={uid} invoiceId={id} sessionId={sessionId} />
      )}
      {invoice.data && (
        <InvoiceToPay invoice={invoice.data}>
          {invoice.data.provider === 'stripe' ? (
            <StripeButton uid={uid} invoiceId={id} />
          ) : (
            <CardForm
              pending={pay.isPending}
              error={pay.error}
              onPay={(card) =>
                pay.mutate(card, { onSuccess: (p) => void navigate(afterPayment(p, paths.managePlan)) })
              }
            />
          )}
          <PayPalButton uid={uid} invoiceId={id} />
        </InvoiceToPay>
      )}
      <p className="mt-6 flex justify-between text-sm">
        <Link to={back} className="text-neutral-700 underline-offset-2 hover:underline">
          {t('nav.back')}
        </Link>
        <SignOutButton />
      </p>
    </AuthCard>
  );
}

import '../../../shared/i18n/billing.texts.ts';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { errorText } from '../../../shared/api/error-text.ts';
import { paths } from '../../../shared/config/paths.ts';
import { useTranslation } from '../../../shared/i18n/use-translation.ts';
import { useSession } from '../../../shared/session/store.ts';
import { AuthCard } from '../../../shared/ui/AuthCard.tsx';
import { FormError } from '../../../shared/ui/FormError.tsx';
import { primaryButton } from '../../../shared/ui/styles.ts';
import { useInvoice } from '../api/invoices.ts';
import { afterPayment } from '../api/pay-invoice.ts';
import { useCapturePayPal } from '../api/paypal.ts';
import { InvoiceToPay } from './InvoiceToPay.tsx';
import { SignOutButton } from './SignOutButton.tsx';

/**
 * /paypal-confirm?invoice=&token= (spec 000 §2; decision 0745): where PayPal sends the payer back after approving.
 * The payer confirms, the payment is captured through the provider, and the flow ends as a card payment does.
 */
export function PayPalConfirmPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const [search] = useSearchParams();
  const id = search.get('invoice') ?? '';
  const token = search.get('token') ?? '';
  const uid = useSession()?.uid ?? '';
  const invoice = useInvoice(uid, id);
  const capture = useCapturePayPal(uid, id);
  return (
    <AuthCard title={t('routes.paypalConfirm')}>
      {(!id || !token) && <FormError message={t('billing.paypal.missing')} />}
      {invoice.error && <FormError message={errorText(invoice.error, t)} />}
      {invoice.data && (
        <InvoiceToPay invoice={invoice.data}>
          <p className="text-sm text-neutral-700">{t('billing.paypal.confirmText')}</p>
          <FormError message={capture.error ? errorText(capture.error, t) : undefined} />
          <button
            type="button"
            className={primaryButton}
            disabled={capture.isPending || !token}
            onClick={() =>
              capture.mutate(token, { onSuccess: (p) => void navigate(afterPayment(p, paths.managePlan)) })
            }
          >
            {t('billing.paypal.confirm')}
          </button>
        </InvoiceToPay>
      )}
      <p className="mt-6 flex justify-between text-sm">
        <Link
          to={`${paths.payment}?invoice=${encodeURIComponent(id)}`}
          className="text-neutral-700 underline-offset-2 hover:underline"
        >
          {t('nav.back')}
        </Link>
        <SignOutButton />
      </p>
    </AuthCard>
  );
}

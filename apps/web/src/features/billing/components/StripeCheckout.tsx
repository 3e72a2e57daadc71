import '../../../shared/i18n/billing.texts.ts';
import { useEffect, useRef } from 'react';
import { useNavigate } from 'react-router';
import { errorText } from '../../../shared/api/error-text.ts';
import { paths } from '../../../shared/config/paths.ts';
import { useTranslation } from '../../../shared/i18n/use-translation.ts';
import { FormError } from '../../../shared/ui/FormError.tsx';
import { primaryButton } from '../../../shared/ui/styles.ts';
import { afterPayment } from '../api/pay-invoice.ts';
import { useConfirmStripe, useStartStripe } from '../api/stripe.ts';

/**
 * Paying by card where the provider is Stripe (decision 0750): the card is typed on the provider's hosted page,
 * never in this app. "Pay by card" sends the payer there.
 */
export function StripeButton({ uid, invoiceId }: { uid: string; invoiceId: string }) {
  const { t } = useTranslation();
  const start = useStartStripe(uid, invoiceId);
  return (
    <div className="space-y-2">
      <FormError message={start.error ? errorText(start.error, t) : undefined} />
      <p className="text-sm text-neutral-700">{t('billing.stripe.note')}</p>
      <button
        type="button"
        className={primaryButton}
        disabled={start.isPending}
        onClick={() => start.mutate(undefined, { onSuccess: ({ url }) => window.location.assign(url) })}
      >
        {t('billing.stripe.pay')}
      </button>
    </div>
  );
}

/**
 * Back from the hosted page with `session_id`: confirmed once, then on as after any payment. The provider's webhook
 * may have settled the invoice already; either way it is paid once, and the session learns its payment step is done.
 */
export function StripeReturn({
  uid,
  invoiceId,
  sessionId,
}: {
  uid: string;
  invoiceId: string;
  sessionId: string;
}) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const confirm = useConfirmStripe(uid, invoiceId);
  const asked = useRef(false);
  useEffect(() => {
    if (asked.current) return;
    asked.current = true;
    confirm.mutate(sessionId, { onSuccess: (p) => void navigate(afterPayment(p, paths.managePlan)) });
  }, [sessionId, confirm, navigate]);
  if (confirm.error) return <FormError message={errorText(confirm.error, t)} />;
  return <p role="status">{t('billing.stripe.confirming')}</p>;
}

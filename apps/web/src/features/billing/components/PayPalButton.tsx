import '../../../shared/i18n/billing.texts.ts';
import { useNavigate } from 'react-router';
import { errorText } from '../../../shared/api/error-text.ts';
import { useTranslation } from '../../../shared/i18n/use-translation.ts';
import { FormError } from '../../../shared/ui/FormError.tsx';
import { secondaryButton } from '../../../shared/ui/styles.ts';
import { useStartPayPal } from '../api/paypal.ts';

/**
 * Paying with PayPal (decision 0745): the server makes the order and answers where to approve it. PayPal's page is
 * another site; the stand-in's is our own /paypal-confirm, a path of this app.
 */
export function PayPalButton({ uid, invoiceId }: { uid: string; invoiceId: string }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const start = useStartPayPal(uid, invoiceId);
  return (
    <div className="space-y-2 border-t border-neutral-200 pt-4">
      <FormError message={start.error ? errorText(start.error, t) : undefined} />
      <button
        type="button"
        className={secondaryButton}
        disabled={start.isPending}
        onClick={() =>
          start.mutate(undefined, {
            onSuccess: ({ approvalUrl }) =>
              approvalUrl.startsWith('/') ? void navigate(approvalUrl) : window.location.assign(approvalUrl),
          })
        }
      >
        {t('billing.paypal.pay')}
      </button>
    </div>
  );
}

import { useState } from 'react';
import { errorText } from '../../../shared/api/error-text.ts';
import { useTranslation } from '../../../shared/i18n/use-translation.ts';
import { Field } from '../../../shared/ui/Field.tsx';
import { FormError } from '../../../shared/ui/FormError.tsx';
import { primaryButton } from '../../../shared/ui/styles.ts';
import type { Card } from '../api/pay-invoice.ts';
import '../../../shared/i18n/billing.texts.ts';

/** The built-in test provider's card form (decision 0741), saying plainly that no money moves. */
export function CardForm(props: { pending: boolean; error: unknown; onPay: (card: Card) => void }) {
  const { t } = useTranslation();
  const [card, setCard] = useState<Card>({ number: '', expiry: '', cvc: '' });
  return (
    <form
      className="space-y-3"
      onSubmit={(e) => {
        e.preventDefault();
        props.onPay(card);
      }}
    >
      <p className="rounded-md bg-amber-50 p-2 text-sm text-amber-900" data-testid="test-provider-notice">
        {t('billing.payment.testProvider')}
      </p>
      <Field
        label={t('billing.payment.cardNumber')}
        inputMode="numeric"
        autoComplete="cc-number"
        required
        value={card.number}
        onChange={(e) => setCard({ ...card, number: e.target.value })}
      />
      <div className="grid grid-cols-2 gap-3">
        <Field
          label={t('billing.payment.expiry')}
          placeholder="MM/YY"
          autoComplete="cc-exp"
          required
          value={card.expiry}
          onChange={(e) => setCard({ ...card, expiry: e.target.value })}
        />
        <Field
          label={t('billing.payment.cvc')}
          inputMode="numeric"
          autoComplete="cc-csc"
          required
          value={card.cvc}
          onChange={(e) => setCard({ ...card, cvc: e.target.value })}
        />
      </div>
      <FormError message={props.error ? errorText(props.error, t) : undefined} />
      <button type="submit" className={primaryButton} disabled={props.pending}>
        {t('billing.payment.pay')}
      </button>
    </form>
  );
}

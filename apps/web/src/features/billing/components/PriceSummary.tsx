import type { PriceBreakdown } from '@vigil/contracts';
import { useTranslation } from '../../../shared/i18n/use-translation.ts';
import { money } from '../plan-format.ts';
import '../../../shared/i18n/billing.texts.ts';

/** The lines, tax and total of a price, per renewal period. */
export function PriceSummary({ price }: { price: PriceBreakdown }) {
  const { t, i18n } = useTranslation();
  const m = (n: number) => money(n, price.currency.code, i18n.language);
  const per = price.renewalFrequency === 12 ? t('billing.perYear') : t('billing.perMonth');
  return (
    <dl className="space-y-1 text-sm" aria-label={t('billing.priceSummary')}>
      {price.lines.map((l) => (
        <div key={l.item} className="flex justify-between gap-4">
          <dt className="text-neutral-700">
            {t(`billing.lines.${l.item}`, { defaultValue: l.item })} × {l.quantity}
          </dt>
          <dd>{m(l.amount)}</dd>
        </div>
      ))}
      <div className="flex justify-between gap-4 border-t border-neutral-200 pt-1">
        <dt className="text-neutral-700">{t('billing.subtotal')}</dt>
        <dd>{m(price.subtotal)}</dd>
      </div>
      <div className="flex justify-between gap-4">
        <dt className="text-neutral-700">{t('billing.tax')}</dt>
        <dd>{m(price.tax)}</dd>
      </div>
      <div className="flex justify-between gap-4 text-base font-semibold">
        <dt>{t('billing.total')}</dt>
        <dd data-testid="price-total">
          {m(price.total)} <span className="text-sm font-normal text-neutral-600">{per}</span>
        </dd>
      </div>
    </dl>
  );
}

import '../../../shared/i18n/billing.texts.ts';
import { type PartnerPriceLists, PER_CAMERA_PRICE, roundPrice } from '@vigil/contracts';
import { useState } from 'react';
import { errorText } from '../../../shared/api/error-text.ts';
import { useTranslation } from '../../../shared/i18n/use-translation.ts';
import { Field } from '../../../shared/ui/Field.tsx';
import { FormError } from '../../../shared/ui/FormError.tsx';
import { SelectField } from '../../../shared/ui/SelectField.tsx';
import { fit, primaryButton, smallButton } from '../../../shared/ui/styles.ts';
import { useChangePriceList } from '../api/partner-prices.ts';
import { money } from '../plan-format.ts';

const CURRENCIES = Object.keys(PER_CAMERA_PRICE) as (keyof typeof PER_CAMERA_PRICE)[];

/** One installer's lists: a form to set a currency's share of the default list, and the lists set, each resettable. */
export function PriceListForm({ data }: { data: PartnerPriceLists }) {
  const { t, i18n } = useTranslation();
  const change = useChangePriceList(data.installerId);
  const [currency, setCurrency] = useState<keyof typeof PER_CAMERA_PRICE>('USD');
  const [percent, setPercent] = useState('100');
  const { minPercent, maxPercent } = data.limits;
  const n = Number(percent);
  const valid = Number.isInteger(n) && n >= minPercent && n <= maxPercent;
  const example = (code: keyof typeof PER_CAMERA_PRICE, p: number) => perCamera(code, p, i18n.language);
  return (
    <div className="space-y-4">
      {data.editable && (
        <form
          className="space-y-3 rounded-xl border border-neutral-200 bg-white p-4"
          aria-label={t('billing.partnerPrices.formTitle')}
          onSubmit={(e) => {
            e.preventDefault();
            if (valid) change.mutate({ currency, percent: n });
          }}
        >
          <div className="grid gap-3 sm:grid-cols-2">
            <SelectField
              label={t('billing.currency')}
              value={currency}
              onChange={(e) => setCurrency(e.target.value as keyof typeof PER_CAMERA_PRICE)}
            >
              {CURRENCIES.map((c) => (
                <option key={c} value={c}>
                  {c}
                </option>
              ))}
            </SelectField>
            <Field
              label={t('billing.partnerPrices.percent')}
              type="number"
              inputMode="numeric"
              min={minPercent}
              max={maxPercent}
              required
              value={percent}
              onChange={(e) => setPercent(e.target.value)}
              error={
                valid ? undefined : t('billing.partnerPrices.range', { min: minPercent, max: maxPercent })
              }
              hint={t('billing.partnerPrices.limits', { min: minPercent, max: maxPercent })}
            />
          </div>
          {valid && (
            <p className="text-sm text-neutral-800" data-testid="price-example">
              {t('billing.partnerPrices.example', { price: example(currency, n) })}
            </p>
          )}
          <FormError message={change.error ? errorText(change.error, t) : undefined} />
          <button type="submit" className={fit(primaryButton)} disabled={change.isPending || !valid}>
            {t('billing.partnerPrices.save')}
          </button>
        </form>
      )}
      <SetLists data={data} onReset={(c) => change.mutate({ currency: c, percent: null })} />
    </div>
  );
}

/** A 2MP, motion, 30-day, monthly camera at `percent` of the default list: the example every list is shown by. */
const perCamera = (code: keyof typeof PER_CAMERA_PRICE, percent: number, language: string) =>
  money(roundPrice((PER_CAMERA_PRICE[code] * percent) / 100), code, language);

/** The lists set for the installer, each with its way back to the default prices. */
function SetLists({ data, onReset }: { data: PartnerPriceLists; onReset: (currency: string) => void }) {
  const { t, i18n } = useTranslation();
  const example = (code: keyof typeof PER_CAMERA_PRICE, p: number) => perCamera(code, p, i18n.language);
  return (
    <>
      {data.lists.length === 0 ? (
        <p className="text-neutral-700">{t('billing.partnerPrices.none')}</p>
      ) : (
        <ul
          className="divide-y divide-neutral-200 rounded-xl border border-neutral-200 bg-white"
          aria-label={t('billing.partnerPrices.set')}
        >
          {data.lists.map((l) => (
            <li key={l.currency} className="flex flex-wrap items-center justify-between gap-2 px-4 py-3">
              <span>
                {t('billing.partnerPrices.line', {
                  currency: l.currency,
                  percent: l.percent,
                  price: l.currency in PER_CAMERA_PRICE ? example(l.currency as 'USD', l.percent) : '',
                })}
              </span>
              {data.editable && (
                <button
                  type="button"
                  className={smallButton}
                  aria-label={t('billing.partnerPrices.resetOf', { currency: l.currency })}
                  onClick={() => onReset(l.currency)}
                >
                  {t('billing.partnerPrices.reset')}
                </button>
              )}
            </li>
          ))}
        </ul>
      )}
    </>
  );
}

import {
  type CustomerPrices,
  formatPrice,
  PARTNER_PRICE_LIMITS,
  PER_CAMERA_PRICE,
  roundPrice,
} from '@vigil/contracts';
import { useState } from 'react';
import { ApiRequestError } from '../../../shared/api/client.ts';
import { errorText } from '../../../shared/api/error-text.ts';
import type { TFunction } from '../../../shared/i18n/translator.ts';
import { useTranslation } from '../../../shared/i18n/use-translation.ts';
import { Field } from '../../../shared/ui/Field.tsx';
import { FormError } from '../../../shared/ui/FormError.tsx';
import { SelectField } from '../../../shared/ui/SelectField.tsx';
import { fit, primaryButton, smallButton } from '../../../shared/ui/styles.ts';
import { useChangeCustomerPrice, useCustomerPrices } from '../api/customer-prices.ts';
import { cardList, cardRow } from './Page.tsx';
import '../../../shared/i18n/partners.texts.ts';

type Currency = keyof typeof PER_CAMERA_PRICE;
const CURRENCIES = Object.keys(PER_CAMERA_PRICE) as Currency[];

/** A 2MP, motion, 30-day, monthly camera at `percent` of the default list: the example prices are shown by. */
const perCamera = (code: Currency, percent: number, language: string) =>
  formatPrice(roundPrice((PER_CAMERA_PRICE[code] * percent) / 100), code, language);

/**
 * The customer's price (decision 0746): a share of the installer's own list per currency, from the list itself
 * (100 %) up to twice the default list. The server holds the floor; the form says it and what it means for a camera.
 */
export function CustomerPriceForm({ customerUid }: { customerUid: string }) {
  const { t } = useTranslation();
  const prices = useCustomerPrices(customerUid);
  if (prices.error) return <FormError message={errorText(prices.error, t)} />;
  if (!prices.data) return null;
  return (
    <div className="space-y-4">
      {prices.data.editable && <PriceForm data={prices.data} />}
      <SetPrices data={prices.data} />
    </div>
  );
}

function PriceForm({ data }: { data: CustomerPrices }) {
  const { t, i18n } = useTranslation();
  const change = useChangeCustomerPrice(data.customerUid);
  const [currency, setCurrency] = useState<Currency>('USD');
  const [percent, setPercent] = useState('100');
  const list = data.installerPercents[currency] ?? 100;
  // The ceiling is on what the customer pays: twice the default list, whatever the installer's list is.
  const max = Math.floor((data.limits.maxPercent * 100) / list);
  const min = data.limits.minPercent;
  const n = Number(percent);
  const valid = percent !== '' && Number.isInteger(n) && n >= 1 && n <= max;
  return (
    <form
      className="space-y-3 rounded-lg border border-neutral-200 bg-white p-4"
      aria-labelledby="customer-price-title"
      onSubmit={(e) => {
        e.preventDefault();
        if (valid) change.mutate({ currency, percent: n });
      }}
    >
      <h3 id="customer-price-title" className="font-medium">
        {t('partners.price.title')}
      </h3>
      <p className="text-sm text-neutral-700">
        {t('partners.price.intro', { list: perCamera(currency, list, i18n.language) })}
      </p>
      <div className="grid gap-3 sm:grid-cols-2">
        <SelectField
          label={t('partners.price.currency')}
          value={currency}
          onChange={(e) => {
            setCurrency(e.target.value as Currency);
            change.reset();
          }}
        >
          {CURRENCIES.map((c) => (
            <option key={c} value={c}>
              {c}
            </option>
          ))}
        </SelectField>
        <Field
          label={t('partners.price.percent')}
          type="number"
          inputMode="numeric"
          min={1}
          max={max}
          required
          value={percent}
          onChange={(e) => {
            setPercent(e.target.value);
            change.reset();
          }}
          error={valid ? undefined : t('partners.price.range', { max })}
          hint={t('partners.price.limits', { min, max })}
        />
      </div>
      {valid && (
        <p className="text-sm text-neutral-800" data-testid="customer-price-example">
          {t('partners.price.example', { price: perCamera(currency, (list * n) / 100, i18n.language) })}
        </p>
      )}
      <FormError
        message={change.error ? refusal(change.error, t, currency, list, i18n.language) : undefined}
      />
      <button type="submit" className={fit(primaryButton)} disabled={change.isPending || !valid}>
        {t('partners.price.save')}
      </button>
    </form>
  );
}

/** The floor said in the installer's language with the price it means; other refusals as the server words them. */
function refusal(err: unknown, t: TFunction, currency: Currency, list: number, language: string): string {
  if (err instanceof ApiRequestError && err.code === 'price_below_cost')
    return t('partners.price.belowFloor', {
      floor: PARTNER_PRICE_LIMITS.customerFloorPercent,
      price: perCamera(currency, list, language),
    });
  return errorText(err, t);
}

/** The prices set for the customer, each with its way back to the installer's list. */
function SetPrices({ data }: { data: CustomerPrices }) {
  const { t, i18n } = useTranslation();
  const change = useChangeCustomerPrice(data.customerUid);
  if (data.prices.length === 0) return <p className="text-neutral-700">{t('partners.price.none')}</p>;
  return (
    <ul className={cardList} aria-label={t('partners.price.set')}>
      {data.prices.map((p) => {
        const code = p.currency as Currency;
        const final = ((data.installerPercents[p.currency] ?? 100) * p.percent) / 100;
        return (
          <li key={p.currency} className={cardRow}>
            <span>
              {t('partners.price.line', {
                currency: p.currency,
                percent: p.percent,
                price: code in PER_CAMERA_PRICE ? perCamera(code, final, i18n.language) : '',
              })}
            </span>
            {data.editable && (
              <button
                type="button"
                className={smallButton}
                aria-label={t('partners.price.resetOf', { currency: p.currency })}
                disabled={change.isPending}
                onClick={() => change.mutate({ currency: p.currency, percent: null })}
              >
                {t('partners.price.reset')}
              </button>
            )}
          </li>
        );
      })}
    </ul>
  );
}

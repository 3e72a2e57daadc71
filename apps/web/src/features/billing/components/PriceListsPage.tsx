import '../../../shared/i18n/billing.texts.ts';
import { useState } from 'react';
import { errorText } from '../../../shared/api/error-text.ts';
import { useTranslation } from '../../../shared/i18n/use-translation.ts';
import { usePageTitle } from '../../../shared/platform/mobile-header.tsx';
import { useShell } from '../../../shared/routing/shell.tsx';
import { FormError } from '../../../shared/ui/FormError.tsx';
import { SelectField } from '../../../shared/ui/SelectField.tsx';
import { useInstallers, usePriceLists } from '../api/partner-prices.ts';
import { PriceListForm } from './PriceListForm.tsx';

/**
 * /manage/price-lists (issue 17; decision 0744): a distributor (or support) sets what each installer's customers
 * pay, as a share of the default price list per currency, never below the distributor's own cost.
 */
export function PriceListsPage() {
  const { t } = useTranslation();
  const { brand } = useShell();
  usePageTitle(t('routes.priceLists'), brand.name);
  const installers = useInstallers();
  const [picked, setPicked] = useState('');
  const installerId = picked || installers.data?.[0]?.id || '';
  const lists = usePriceLists(installerId);
  return (
    <section
      className="mx-auto w-full max-w-[960px] space-y-4 px-4 py-6 sm:px-6"
      aria-labelledby="price-lists-title"
    >
      <h1 id="price-lists-title" className="text-2xl font-semibold tracking-tight">
        {t('routes.priceLists')}
      </h1>
      <p className="text-neutral-800">{t('billing.partnerPrices.intro')}</p>
      {installers.error && <FormError message={errorText(installers.error, t)} />}
      {installers.data?.length === 0 && (
        <p className="text-neutral-700">{t('billing.partnerPrices.noInstallers')}</p>
      )}
      {installers.data && installers.data.length > 0 && (
        <SelectField
          label={t('billing.partnerPrices.installer')}
          value={installerId}
          onChange={(e) => setPicked(e.target.value)}
        >
          {installers.data.map((p) => (
            <option key={p.id} value={p.id}>
              {p.company}
            </option>
          ))}
        </SelectField>
      )}
      {lists.error && <FormError message={errorText(lists.error, t)} />}
      {lists.data && <PriceListForm key={installerId} data={lists.data} />}
    </section>
  );
}

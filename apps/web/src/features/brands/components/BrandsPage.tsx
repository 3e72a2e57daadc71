import { useState } from 'react';
import { errorText } from '../../../shared/api/error-text.ts';
import { useTranslation } from '../../../shared/i18n/use-translation.ts';
import { usePageTitle } from '../../../shared/platform/mobile-header.tsx';
import { useShell } from '../../../shared/routing/shell.tsx';
import { fit, secondaryButton, smallButton } from '../../../shared/ui/styles.ts';
import { useBrands } from '../api/manage-brands.ts';
import { useBrandsT } from '../i18n/index.ts';
import { BrandForm } from './BrandForm.tsx';

/** /support/brands: support's list of brands and the editor of one (decision 0820). */
export function BrandsPage() {
  const { t } = useTranslation();
  const tb = useBrandsT();
  const { brand: shellBrand } = useShell();
  const brands = useBrands();
  // undefined: none open; '' a new brand; else the id of the brand being edited.
  const [open, setOpen] = useState<string>();
  usePageTitle(t('routes.supportBrands'), shellBrand.name);
  const editing = open ? brands.data?.find((b) => b.id === open) : undefined;
  return (
    <section
      className="mx-auto w-full max-w-[1200px] space-y-6 px-4 py-6 sm:px-6"
      data-route-id="supportBrands"
    >
      <div className="flex flex-wrap items-center justify-between gap-3">
        <h1 className="text-2xl font-semibold tracking-tight">{t('routes.supportBrands')}</h1>
        <button type="button" className={fit(secondaryButton)} onClick={() => setOpen('')}>
          {tb('newBrand')}
        </button>
      </div>
      <p className="text-neutral-700">{tb('intro')}</p>
      {brands.isError && (
        <p role="alert" className="text-red-700">
          {errorText(brands.error, t)}
        </p>
      )}
      {brands.isPending && <p role="status">{t('app.loading')}</p>}
      <ul
        aria-label={tb('list')}
        className="divide-y divide-neutral-200 rounded-lg border border-neutral-200 bg-white"
      >
        {brands.data?.map((b) => (
          <li key={b.id} className="flex flex-wrap items-center justify-between gap-2 px-4 py-3">
            <div className="min-w-0">
              <p className="font-medium">
                {b.name} <span className="text-sm text-neutral-600">({b.id})</span>
                {b.mainBrand && (
                  <span className="ml-2 rounded-full bg-neutral-100 px-2 py-0.5 text-xs">
                    {tb('mainBadge')}
                  </span>
                )}
              </p>
              <p className="break-all text-sm text-neutral-600">
                {b.hosts.length ? b.hosts.join(', ') : tb('noHosts')}
              </p>
            </div>
            <button type="button" className={smallButton} onClick={() => setOpen(b.id)}>
              {tb('edit', { name: b.name })}
            </button>
          </li>
        ))}
      </ul>
      {open !== undefined && (open === '' || editing) && (
        <BrandForm key={open || 'new'} brand={editing} onDone={(id) => setOpen(id)} />
      )}
    </section>
  );
}

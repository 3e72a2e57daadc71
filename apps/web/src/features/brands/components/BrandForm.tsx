import type { BrandAdmin } from '@vigil/contracts';
import { type FormEvent, useState } from 'react';
import { errorText } from '../../../shared/api/error-text.ts';
import { useTranslation } from '../../../shared/i18n/use-translation.ts';
import { dangerButton, fit, primaryButton } from '../../../shared/ui/styles.ts';
import { useDeleteBrand, useSaveBrand } from '../api/manage-brands.ts';
import { useBrandsT } from '../i18n/index.ts';
import { AssetUploads } from './AssetUploads.tsx';
import { DocumentFields, FeatureFields, LookFields } from './BrandFields.tsx';
import { draftOf, inputOf } from './brand-draft.ts';
import { IdentityFields } from './IdentityFields.tsx';

/** A brand's editor: a new one when `brand` is undefined. Saving runs the contrast rule on the server. */
export function BrandForm({
  brand,
  onDone,
}: {
  brand: BrandAdmin | undefined;
  onDone: (id?: string) => void;
}) {
  const { t } = useTranslation();
  const tb = useBrandsT();
  const [draft, setDraft] = useState(() => draftOf(brand));
  const change = (patch: Partial<typeof draft>) => setDraft((d) => ({ ...d, ...patch }));
  const save = useSaveBrand();
  const remove = useDeleteBrand();
  const [saved, setSaved] = useState(false);
  const submit = (e: FormEvent) => {
    e.preventDefault();
    setSaved(false);
    save.mutate(
      { id: brand?.id ?? draft.id.trim(), body: inputOf(draft), create: !brand },
      {
        onSuccess: (b) => {
          setSaved(true);
          if (!brand) onDone(b.id);
        },
      },
    );
  };
  const del = () => {
    if (brand && window.confirm(tb('removeConfirm', { name: brand.name })))
      remove.mutate(brand.id, { onSuccess: () => onDone() });
  };
  return (
    <form
      onSubmit={submit}
      className="space-y-4"
      aria-label={brand ? tb('edit', { name: brand.name }) : tb('newBrand')}
    >
      <IdentityFields draft={draft} change={change} brand={brand} />
      <FeatureFields draft={draft} change={change} />
      <LookFields draft={draft} change={change} />
      <DocumentFields draft={draft} change={change} />
      {brand && <AssetUploads brand={brand} />}
      {save.isError && (
        <p role="alert" className="text-sm text-red-700" data-testid="brand-error">
          {errorText(save.error, t)}
        </p>
      )}
      {saved && (
        <p role="status" className="text-sm text-green-800">
          {tb('saved')}
        </p>
      )}
      <div className="flex flex-wrap gap-3">
        <button type="submit" className={fit(primaryButton)} disabled={save.isPending}>
          {tb('save')}
        </button>
        {brand && !brand.mainBrand && (
          <button type="button" className={fit(dangerButton)} onClick={del} disabled={remove.isPending}>
            {tb('remove')}
          </button>
        )}
      </div>
    </form>
  );
}

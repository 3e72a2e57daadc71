import type { BrandAdmin } from '@vigil/contracts';
import { useTranslation } from 'react-i18next';
import { Field } from '../../../shared/ui/Field.tsx';
import { type Change, Group, TextArea } from './BrandFields.tsx';
import type { Draft } from './brand-draft.ts';

/** Id (a new brand only), name and hosts. */
export function IdentityFields({
  draft,
  change,
  brand,
}: {
  draft: Draft;
  change: Change;
  brand: BrandAdmin | undefined;
}) {
  const { t } = useTranslation();
  return (
    <Group title={brand ? t('brands.edit', { name: brand.name }) : t('brands.newBrand')}>
      {!brand && (
        <Field
          label={t('brands.id')}
          required
          pattern="[a-z0-9-]{2,64}"
          hint={<p className="mt-1 text-sm text-neutral-600">{t('brands.idHint')}</p>}
          value={draft.id}
          onChange={(e) => change({ id: e.target.value })}
        />
      )}
      <Field
        label={t('brands.name')}
        required
        value={draft.name}
        onChange={(e) => change({ name: e.target.value })}
      />
      <TextArea
        label={t('brands.hosts')}
        rows={3}
        value={draft.hosts}
        onChange={(v) => change({ hosts: v })}
      />
    </Group>
  );
}

import type { BrandAdmin } from '@vigil/contracts';
import { Field } from '../../../shared/ui/Field.tsx';
import { useBrandsT } from '../i18n/index.ts';
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
  const tb = useBrandsT();
  return (
    <Group title={brand ? tb('edit', { name: brand.name }) : tb('newBrand')}>
      {!brand && (
        <Field
          label={tb('id')}
          required
          pattern="[a-z0-9-]{2,64}"
          hint={<p className="mt-1 text-sm text-neutral-600">{tb('idHint')}</p>}
          value={draft.id}
          onChange={(e) => change({ id: e.target.value })}
        />
      )}
      <Field
        label={tb('name')}
        required
        value={draft.name}
        onChange={(e) => change({ name: e.target.value })}
      />
      <TextArea label={tb('hosts')} rows={3} value={draft.hosts} onChange={(v) => change({ hosts: v })} />
    </Group>
  );
}

import type { RegionList } from '@vigil/contracts';
import { useTranslation } from '../../../shared/i18n/use-translation.ts';
import { SelectField } from '../../../shared/ui/SelectField.tsx';
import '../../../shared/i18n/partners.texts.ts';

/**
 * The new customer's home region (decision 0858): where the account, its cameras and its recordings are kept. The
 * installer's own region comes first and is the default; with a single region there is nothing to choose.
 */
export function RegionPicker({
  regions,
  value,
  onChange,
}: {
  regions: RegionList;
  value: string;
  onChange: (region: string) => void;
}) {
  const { t } = useTranslation();
  if (regions.regions.length < 2) return null;
  return (
    <SelectField
      label={t('partners.homeRegion')}
      name="region"
      className="sm:max-w-xs"
      value={value}
      hint={t('partners.homeRegionHint')}
      onChange={(e) => onChange(e.target.value)}
    >
      {regions.regions.map((r) => (
        <option key={r} value={r}>
          {r === regions.region ? t('partners.ownRegion', { region: r }) : r}
        </option>
      ))}
    </SelectField>
  );
}

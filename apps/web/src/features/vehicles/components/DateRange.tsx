import { useTranslation } from '../../../shared/i18n/use-translation.ts';
import '../../../shared/i18n/vehicles.texts.ts';

export const FIELD = 'mt-1 w-full rounded border border-neutral-300 px-2 py-2 text-sm';

/** From and to days (local dates); an emptied field keeps its day. */
export function DateRange({
  from,
  to,
  onChange,
}: {
  from: string;
  to: string;
  onChange: (next: { from: string; to: string }) => void;
}) {
  const { t } = useTranslation();
  return (
    <>
      <label className="block text-sm">
        {t('vehicles.from')}
        <input
          type="date"
          className={FIELD}
          value={from}
          max={to}
          onChange={(e) => e.target.value && onChange({ from: e.target.value, to })}
        />
      </label>
      <label className="block text-sm">
        {t('vehicles.to')}
        <input
          type="date"
          className={FIELD}
          value={to}
          min={from}
          onChange={(e) => e.target.value && onChange({ from, to: e.target.value })}
        />
      </label>
    </>
  );
}

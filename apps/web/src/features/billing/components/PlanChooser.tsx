import {
  AddonName,
  type BillingInterval,
  MAX_CAMERAS_PER_PLAN,
  PER_CAMERA_PRICE,
  PLAN_MODES,
  type PlanSelection,
  POPULAR_STORAGE_DAYS,
  type PricingData,
  RESOLUTIONS,
  renewalFrequency,
  storageOptions,
} from '@vigil/contracts';
import type { ReactNode } from 'react';
import { useTranslation } from '../../../shared/i18n/use-translation.ts';
import { Field } from '../../../shared/ui/Field.tsx';
import { SelectField } from '../../../shared/ui/SelectField.tsx';
import { fitToList, storageText } from '../plan-format.ts';
import '../../../shared/i18n/billing.texts.ts';

const INTERVALS: BillingInterval[] = ['monthly', 'yearly'];
const CURRENCIES = Object.keys(PER_CAMERA_PRICE);

function Choices<T extends string | number>(props: {
  legend: string;
  name: string;
  options: readonly T[];
  value: T;
  onChange: (v: T) => void;
  label: (v: T) => ReactNode;
}) {
  return (
    <fieldset>
      <legend className="text-sm font-medium text-neutral-800">{props.legend}</legend>
      <div className="mt-1 flex flex-wrap gap-2">
        {props.options.map((o) => (
          <label
            key={String(o)}
            className="flex cursor-pointer items-center gap-2 rounded-md border border-neutral-300 bg-white px-3 py-2 text-sm has-[:checked]:border-accent has-[:checked]:ring-2 has-[:checked]:ring-accent/30"
          >
            <input
              type="radio"
              name={props.name}
              checked={props.value === o}
              onChange={() => props.onChange(o)}
              className="accent-accent"
            />
            {props.label(o)}
          </label>
        ))}
      </div>
    </fieldset>
  );
}

/**
 * The plan chooser (spec 000 §2 /new-pricing, /get-started): resolution, mode, storage (the default tagged
 * Popular), interval, cameras and add-ons, and the currency, switchable. Controlled: the page owns the selection.
 */
export function PlanChooser(props: {
  pricing: PricingData;
  value: PlanSelection;
  onChange: (p: PlanSelection) => void;
  currency: string;
  /** Absent: the currency is fixed (a running plan's, decision 0854) and not offered. */
  onCurrency?: (c: string) => void;
}) {
  const { t } = useTranslation();
  const { pricing, value } = props;
  const set = (patch: Partial<PlanSelection>) => props.onChange(fitToList({ ...value, ...patch }, pricing));
  const frequency = renewalFrequency(value.interval);
  const addons: AddonName[] = AddonName.options.filter((a) =>
    pricing.addons.some((p) => p.name === a && p.renewal_frequency === frequency),
  );
  return (
    <div className="space-y-4">
      <Choices
        legend={t('billing.resolution')}
        name="resolution"
        options={RESOLUTIONS}
        value={value.resolution}
        onChange={(resolution) => set({ resolution })}
        label={(r) => r}
      />
      <Choices
        legend={t('billing.mode')}
        name="mode"
        options={PLAN_MODES}
        value={value.mode}
        onChange={(mode) => set({ mode })}
        label={(m) => t(`billing.modes.${m}`)}
      />
      <Choices
        legend={t('billing.storage')}
        name="storage"
        options={storageOptions(pricing, value)}
        value={value.storageDays}
        onChange={(storageDays) => set({ storageDays })}
        label={(d) => (
          <>
            {storageText(d, t)}
            {d === POPULAR_STORAGE_DAYS && (
              <span className="rounded bg-accent/10 px-1.5 py-0.5 text-xs font-semibold text-accent-ink">
                {t('billing.popular')}
              </span>
            )}
          </>
        )}
      />
      <Choices
        legend={t('billing.interval')}
        name="interval"
        options={INTERVALS}
        value={value.interval}
        onChange={(interval) => set({ interval })}
        label={(i) => t(`billing.intervals.${i}`)}
      />
      <CountAndCurrency
        cameras={value.cameras}
        onCameras={(cameras) => set({ cameras })}
        currency={props.currency}
        onCurrency={props.onCurrency}
      />
      <AddonChoices names={addons} value={value.addons} onChange={(a) => set({ addons: a })} />
    </div>
  );
}

/** The add-ons the list sells for the interval, each a checkbox. */
function AddonChoices(props: { names: AddonName[]; value: AddonName[]; onChange: (v: AddonName[]) => void }) {
  const { t } = useTranslation();
  if (props.names.length === 0) return null;
  return (
    <fieldset>
      <legend className="text-sm font-medium text-neutral-800">{t('billing.addonsTitle')}</legend>
      <div className="mt-1 grid gap-2 sm:grid-cols-2">
        {props.names.map((a) => (
          <label key={a} className="flex items-center gap-2 text-sm">
            <input
              type="checkbox"
              className="accent-accent"
              checked={props.value.includes(a)}
              onChange={(e) =>
                props.onChange(e.target.checked ? [...props.value, a] : props.value.filter((x) => x !== a))
              }
            />
            {t(`billing.addons.${a}`)}
          </label>
        ))}
      </div>
    </fieldset>
  );
}

/** The camera count and the currency, side by side from the small breakpoint. */
function CountAndCurrency(props: {
  cameras: number;
  onCameras: (n: number) => void;
  currency: string;
  onCurrency?: ((c: string) => void) | undefined;
}) {
  const { t } = useTranslation();
  const { onCurrency } = props;
  return (
    <div className="grid gap-4 sm:grid-cols-2">
      <Field
        label={t('billing.cameras')}
        type="number"
        inputMode="numeric"
        min={1}
        max={MAX_CAMERAS_PER_PLAN}
        value={props.cameras}
        onChange={(e) => {
          const n = Math.round(Number(e.target.value));
          if (n >= 1 && n <= MAX_CAMERAS_PER_PLAN) props.onCameras(n);
        }}
      />
      {onCurrency && (
        <SelectField
          label={t('billing.currency')}
          value={props.currency}
          onChange={(e) => onCurrency(e.target.value)}
        >
          {CURRENCIES.map((c) => (
            <option key={c} value={c}>
              {c}
            </option>
          ))}
        </SelectField>
      )}
    </div>
  );
}

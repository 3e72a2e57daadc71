import { useMemo } from 'react';
import { timeZones } from '../time/zoned.ts';
import { fit, inputClass } from '../ui/styles.ts';

/** The timezone selector of the pickers (spec 001 §2). */
export function TimezoneSelect({
  label,
  value,
  onChange,
}: {
  label: string;
  value: string;
  onChange: (tz: string) => void;
}) {
  const zones = useMemo(() => {
    const all = timeZones();
    return all.includes(value) ? all : [value, ...all];
  }, [value]);
  return (
    <label className="inline-flex items-center gap-2 text-sm">
      <span>{label}</span>
      <select
        className={`${fit(inputClass, 'w-56')} mt-0`}
        value={value}
        onChange={(e) => onChange(e.currentTarget.value)}
      >
        {zones.map((z) => (
          <option key={z} value={z}>
            {z}
          </option>
        ))}
      </select>
    </label>
  );
}

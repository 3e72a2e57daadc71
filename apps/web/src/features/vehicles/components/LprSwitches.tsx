import type { Camera } from '@vigil/contracts';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { can } from '../../../shared/cameras/visible-cameras.ts';
import { useLprCameras, useSetLpr } from '../api/lpr.ts';
import '../../../shared/i18n/vehicles.texts.ts';

/**
 * The LPR add-on per camera (decision 0791): a switch for each camera whose settings the person may change; the
 * others show their state only. Folded away: it is set once, read rarely.
 */
export function LprSwitches({ cameras }: { cameras: readonly Camera[] }) {
  const { t } = useTranslation();
  const uidds = useMemo(() => cameras.map((c) => c.uidd as string), [cameras]);
  const on = useLprCameras(uidds);
  const set = useSetLpr();
  const enabled = new Set(on.data?.uidds ?? []);
  // While a switch is being saved it shows what was asked for (then the server's answer).
  const shown = (uidd: string) =>
    set.isPending && set.variables?.uidd === uidd ? set.variables.enabled : enabled.has(uidd);
  if (!cameras.length) return null;
  return (
    <details className="mt-4 rounded-lg border border-neutral-200 bg-white p-3">
      <summary className="cursor-pointer text-sm font-medium">{t('vehicles.lprCameras')}</summary>
      <p className="mt-2 text-xs text-neutral-600">{t('vehicles.lprHint')}</p>
      <ul className="mt-2 grid gap-2 sm:grid-cols-2">
        {cameras.map((c) => (
          <li key={c.uidd}>
            <label className="flex items-center gap-2 text-sm">
              <input
                type="checkbox"
                className="h-5 w-5"
                checked={shown(c.uidd)}
                disabled={!can(c, 'cameraSettings') || !on.data || set.isPending}
                onChange={(e) => set.mutate({ uidd: c.uidd, enabled: e.target.checked })}
              />
              {c.name}
            </label>
          </li>
        ))}
      </ul>
      {set.isError && (
        <p role="alert" className="mt-2 text-sm text-red-700">
          {t('vehicles.lprFailed')}
        </p>
      )}
    </details>
  );
}

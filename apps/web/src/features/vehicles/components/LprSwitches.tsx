import type { Camera } from '@vigil/contracts';
import { useMemo, useState } from 'react';
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
  // While a switch is being saved it shows what was asked for, from the click on (a state of this component: the
  // mutation's own pending state reaches the screen a tick later, and the controlled box would flick back), then
  // the server's answer once the list is fetched again.
  const [asked, setAsked] = useState<ReadonlyMap<string, boolean>>(new Map());
  const shown = (uidd: string) => asked.get(uidd) ?? enabled.has(uidd);
  const toggle = (uidd: string, value: boolean) => {
    setAsked((m) => new Map(m).set(uidd, value));
    set.mutate(
      { uidd, enabled: value },
      {
        onSettled: () =>
          setAsked((m) => {
            const next = new Map(m);
            next.delete(uidd);
            return next;
          }),
      },
    );
  };
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
                disabled={!can(c, 'cameraSettings') || !on.data || set.isPending || asked.size > 0}
                onChange={(e) => toggle(c.uidd, e.target.checked)}
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

import type { Camera, PpeItem } from '@vigil/contracts';
import { useMemo, useState } from 'react';
import { queryStatus } from '../../../shared/api/query-status.ts';
import { useVisibleCameras } from '../../../shared/cameras/visible-cameras.ts';
import { useTranslation } from '../../../shared/i18n/use-translation.ts';
import { usePageTitle } from '../../../shared/platform/mobile-header.tsx';
import { useShell } from '../../../shared/routing/shell.tsx';
import { usePpeCameras, usePpeCounts, usePpeViolations } from '../api/ppe.ts';
import { dateValue, daysRange, zoneRows } from '../model.ts';
import { PpeSwitches } from './PpeSwitches.tsx';
import { ViolationsTable, ZoneTable } from './PpeTables.tsx';
import '../../../shared/i18n/ppe.texts.ts';

const FIELD = 'mt-1 w-full rounded border border-neutral-300 px-2 py-2 text-sm';
const WEEK_MS = 7 * 86_400_000;

interface Filter {
  camera: string;
  from: string;
  to: string;
  kind: '' | PpeItem;
}

function Filters({
  cameras,
  value,
  onChange,
}: {
  cameras: readonly Camera[];
  value: Filter;
  onChange: (f: Filter) => void;
}) {
  const { t } = useTranslation();
  const set = (k: keyof Filter) => (e: { target: { value: string } }) =>
    onChange({ ...value, [k]: e.target.value });
  return (
    <div className="mt-4 grid gap-3 sm:grid-cols-4 sm:items-end">
      <label className="block text-sm">
        {t('ppe.camera')}
        <select className={FIELD} value={value.camera} onChange={set('camera')}>
          <option value="">{t('ppe.allCameras')}</option>
          {cameras.map((c) => (
            <option key={c.uidd} value={c.uidd}>
              {c.name}
            </option>
          ))}
        </select>
      </label>
      <label className="block text-sm">
        {t('ppe.from')}
        <input type="date" className={FIELD} value={value.from} onChange={set('from')} />
      </label>
      <label className="block text-sm">
        {t('ppe.to')}
        <input type="date" className={FIELD} value={value.to} onChange={set('to')} />
      </label>
      <label className="block text-sm">
        {t('ppe.kind')}
        <select className={FIELD} value={value.kind} onChange={set('kind')}>
          <option value="">{t('ppe.anyKind')}</option>
          <option value="helmet">{t('ppe.helmet')}</option>
          <option value="vest">{t('ppe.vest')}</option>
        </select>
      </label>
    </div>
  );
}

/**
 * /ppe (decision 0871): people seen in safety zones without a hard hat or a vest, on the cameras with the PPE
 * check on: counts per zone, then each violation with its still and a link to the recording; the switches below.
 */
export function PpePage() {
  const { t } = useTranslation();
  const { brand } = useShell();
  usePageTitle(t('routes.ppe'), brand.name);
  const visible = useVisibleCameras('events');
  const all = useMemo(() => (visible.data ?? []).filter((c) => !c.uninstalled), [visible.data]);
  const on = usePpeCameras(all.map((c) => c.uidd));
  const ppe = useMemo(() => all.filter((c) => on.data?.uidds.includes(c.uidd)), [all, on.data]);
  const names = useMemo(() => new Map(all.map((c) => [c.uidd as string, c.name])), [all]);
  const nameOf = (uidd: string) => names.get(uidd) ?? uidd;
  const [f, setF] = useState<Filter>(() => ({
    camera: '',
    from: dateValue(Date.now() - WEEK_MS),
    to: dateValue(Date.now()),
    kind: '',
  }));
  const uidds = f.camera ? [f.camera] : ppe.map((c) => c.uidd as string);
  const filter = { uidds, ...daysRange(f.from, f.to), kind: f.kind || undefined };
  const violations = usePpeViolations(filter);
  const counts = usePpeCounts(filter);
  const rows = violations.data ?? [];
  const status = queryStatus(violations, rows.length === 0, (k) => t(`ppe.${k}`));
  return (
    <section className="mx-auto w-full max-w-[1000px] px-4 py-6 sm:px-6">
      <h1 className="text-2xl font-semibold tracking-tight">{t('routes.ppe')}</h1>
      <p className="mt-1 text-sm text-neutral-600">{t('ppe.intro')}</p>
      {on.data && ppe.length === 0 ? (
        <p className="mt-4 text-sm">{t('ppe.noCameras')}</p>
      ) : (
        <Filters cameras={ppe} value={f} onChange={setF} />
      )}
      <p className="mt-3 text-sm text-neutral-600" aria-live="polite">
        {status}
      </p>
      {(counts.data?.length ?? 0) > 0 && <ZoneTable rows={zoneRows(counts.data ?? [], nameOf)} />}
      {rows.length > 0 && <ViolationsTable rows={rows} cameraName={nameOf} />}
      <PpeSwitches cameras={all} open={Boolean(on.data) && ppe.length === 0} />
      <p className="mt-4 text-xs text-neutral-500">{t('ppe.method')}</p>
    </section>
  );
}

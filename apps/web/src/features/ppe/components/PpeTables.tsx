import type { PpeViolation } from '@vigil/contracts';
import { Link } from 'react-router';
import { paths } from '../../../shared/config/paths.ts';
import { useTranslation } from '../../../shared/i18n/use-translation.ts';
import { useShellPath } from '../../../shared/routing/shell.tsx';
import { usePpeStill } from '../api/ppe.ts';
import { missingText, percent, type ZoneRow } from '../model.ts';
import '../../../shared/i18n/ppe.texts.ts';

const CELL = 'px-3 py-2';
const TABLE = 'mt-4 overflow-x-auto rounded-lg border border-neutral-200 bg-white';

/** Violations per safety zone: a table (readable by a screen reader, scrolling sideways on a phone). */
export function ZoneTable({ rows }: { rows: readonly ZoneRow[] }) {
  const { t } = useTranslation();
  const num = `${CELL} text-right tabular-nums`;
  return (
    <div className={TABLE}>
      <table className="w-full text-sm" data-testid="ppe-zones">
        <caption className="px-3 py-2 text-left font-medium">{t('ppe.zonesCaption')}</caption>
        <thead className="bg-neutral-50">
          <tr>
            <th scope="col" className={`${CELL} text-left`}>
              {t('ppe.zone')}
            </th>
            <th scope="col" className={`${CELL} text-left`}>
              {t('ppe.camera')}
            </th>
            <th scope="col" className={`${CELL} text-right`}>
              {t('ppe.helmet')}
            </th>
            <th scope="col" className={`${CELL} text-right`}>
              {t('ppe.vest')}
            </th>
            <th scope="col" className={`${CELL} text-right`}>
              {t('ppe.total')}
            </th>
          </tr>
        </thead>
        <tbody>
          {rows.map((r) => (
            <tr key={r.key} className="border-t border-neutral-100">
              <th scope="row" className={`${CELL} text-left font-normal`}>
                {r.zone ?? t('ppe.wholePicture')}
              </th>
              <td className={CELL}>{r.camera}</td>
              <td className={num}>{r.helmet}</td>
              <td className={num}>{r.vest}</td>
              <td className={num}>{r.total}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}

function Still({ v, alt }: { v: PpeViolation; alt: string }) {
  const still = usePpeStill(v);
  if (!still.data) return <span className="text-neutral-400">—</span>;
  return <img src={still.data} alt={alt} className="h-16 w-28 rounded object-cover" />;
}

const time = new Intl.DateTimeFormat(undefined, { dateStyle: 'short', timeStyle: 'medium' });

/** The violations, newest first: a still each, and a link to the camera's recording at that time. */
export function ViolationsTable({
  rows,
  cameraName,
}: {
  rows: readonly PpeViolation[];
  cameraName: (uidd: string) => string;
}) {
  const { t } = useTranslation();
  const to = useShellPath();
  const heads = ['time', 'camera', 'zone', 'missing', 'confidence', 'still', 'recording'] as const;
  return (
    <div className={TABLE}>
      <table className="w-full text-sm" data-testid="ppe-violations">
        <caption className="px-3 py-2 text-left font-medium">{t('ppe.listCaption')}</caption>
        <thead className="bg-neutral-50">
          <tr>
            {heads.map((h) => (
              <th key={h} scope="col" className={`${CELL} text-left`}>
                {t(`ppe.${h}`)}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {rows.map((v) => (
            <tr key={v.id} className="border-t border-neutral-100">
              <th scope="row" className={`${CELL} text-left font-normal whitespace-nowrap`}>
                {time.format(v.stillTimeMs)}
              </th>
              <td className={CELL}>{cameraName(v.uidd)}</td>
              <td className={CELL}>{v.zoneName ?? t('ppe.wholePicture')}</td>
              <td className={CELL}>{missingText(v, (i) => t(`ppe.${i}`))}</td>
              <td className={`${CELL} tabular-nums`}>{percent(v.confidence)}</td>
              <td className={CELL}>
                <Still
                  v={v}
                  alt={t('ppe.stillAlt', { camera: cameraName(v.uidd), time: time.format(v.stillTimeMs) })}
                />
              </td>
              <td className={CELL}>
                <Link
                  className="text-blue-800 underline"
                  to={`${to(paths.playback)}?camera=${encodeURIComponent(v.uidd)}&at=${v.stillTimeMs}`}
                >
                  {t('ppe.recording')}
                </Link>
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}

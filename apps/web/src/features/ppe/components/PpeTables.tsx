import type { PpeViolation } from '@vigil/contracts';
import { Link } from 'react-router';
import { paths } from '../../../shared/config/paths.ts';
import { useTranslation } from '../../../shared/i18n/use-translation.ts';
import { useShellPath } from '../../../shared/routing/shell.tsx';
import { CELL, DataTable, FIGURE_CELL, ROW, ROW_HEAD } from '../../../shared/ui/DataTable.tsx';
import { usePpeStill } from '../api/ppe.ts';
import { missingText, percent, type ZoneRow } from '../model.ts';
import '../../../shared/i18n/ppe.texts.ts';

/** Violations per safety zone: a table (readable by a screen reader, scrolling sideways on a phone). */
export function ZoneTable({ rows }: { rows: readonly ZoneRow[] }) {
  const { t } = useTranslation();
  const headings = [
    { text: t('ppe.zone') },
    { text: t('ppe.camera') },
    { text: t('ppe.helmet'), figure: true },
    { text: t('ppe.vest'), figure: true },
    { text: t('ppe.total'), figure: true },
  ];
  return (
    <DataTable caption={t('ppe.zonesCaption')} testId="ppe-zones" headings={headings}>
      {rows.map((r) => (
        <tr key={r.key} className={ROW}>
          <th scope="row" className={ROW_HEAD}>
            {r.zone ?? t('ppe.wholePicture')}
          </th>
          <td className={CELL}>{r.camera}</td>
          <td className={FIGURE_CELL}>{r.helmet}</td>
          <td className={FIGURE_CELL}>{r.vest}</td>
          <td className={FIGURE_CELL}>{r.total}</td>
        </tr>
      ))}
    </DataTable>
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
    <DataTable
      caption={t('ppe.listCaption')}
      testId="ppe-violations"
      headings={heads.map((h) => ({ text: t(`ppe.${h}`) }))}
    >
      {rows.map((v) => (
        <tr key={v.id} className={ROW}>
          <th scope="row" className={`${ROW_HEAD} whitespace-nowrap`}>
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
    </DataTable>
  );
}

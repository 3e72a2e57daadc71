import { useMemo, useState } from 'react';
import { queryStatus } from '../../../shared/api/query-status.ts';
import { useVisibleCameras } from '../../../shared/cameras/visible-cameras.ts';
import { useTranslation } from '../../../shared/i18n/use-translation.ts';
import { usePageTitle } from '../../../shared/platform/mobile-header.tsx';
import { useShell } from '../../../shared/routing/shell.tsx';
import { CELL, DataTable, FIGURE_CELL, ROW, ROW_HEAD } from '../../../shared/ui/DataTable.tsx';
import { useLineCounts } from '../api/counts.ts';
import { dayHours, type HourRow, hourRows, type LineTotals, lineTotals, today } from '../model.ts';
import '../../../shared/i18n/people.texts.ts';

const FIELD = 'mt-1 w-full rounded border border-neutral-300 px-2 py-2 text-sm';
const hourOf = (ms: number) => new Date(ms).toLocaleTimeString([], { hour: '2-digit', minute: '2-digit' });

/** One table: a caption, header cells, a row header per row; it scrolls sideways inside itself on a phone. */
function CountsTable({
  caption,
  first,
  rows,
  testId,
}: {
  caption: string;
  first: string;
  rows: { key: string; head: string; in: number; out: number; line?: string }[];
  testId: string;
}) {
  const { t } = useTranslation();
  const withLine = rows.some((r) => r.line !== undefined);
  const headings = [
    { text: first },
    ...(withLine ? [{ text: t('people.line') }] : []),
    { text: t('people.in'), figure: true },
    { text: t('people.out'), figure: true },
  ];
  return (
    <DataTable caption={caption} testId={testId} headings={headings}>
      {rows.map((r) => (
        <tr key={r.key} className={ROW}>
          <th scope="row" className={ROW_HEAD}>
            {r.head}
          </th>
          {withLine && <td className={CELL}>{r.line}</td>}
          <td className={FIGURE_CELL}>{r.in}</td>
          <td className={FIGURE_CELL}>{r.out}</td>
        </tr>
      ))}
    </DataTable>
  );
}

const totalsRows = (lines: LineTotals[]) =>
  lines.map((l) => ({ key: l.areaId, head: l.name, in: l.in, out: l.out }));
const hourlyRows = (rows: HourRow[]) =>
  rows.map((r) => ({
    key: `${r.hourStart}|${r.areaId}`,
    head: hourOf(r.hourStart),
    line: r.name,
    in: r.in,
    out: r.out,
  }));

/**
 * /people: people crossing a camera's count lines on a day (decision 0794): totals per line, then per hour, as
 * tables (the figures a chart would show, readable by a screen reader and on a phone).
 */
export function PeopleCountsPage() {
  const { t } = useTranslation();
  const { brand } = useShell();
  usePageTitle(t('routes.people'), brand.name);
  const cameras = useVisibleCameras('events');
  const list = useMemo(() => (cameras.data ?? []).filter((c) => !c.uninstalled), [cameras.data]);
  const [chosen, setChosen] = useState<string>();
  const uidd = chosen ?? list[0]?.uidd;
  const [day, setDay] = useState(() => today());
  const range = useMemo(() => dayHours(day), [day]);
  const counts = useLineCounts({ uidd, ...range });
  const rows = useMemo(() => hourRows(counts.data?.counts ?? []), [counts.data]);
  const status = queryStatus(counts, rows.length === 0, (k) => t(`people.${k}`));
  return (
    <section className="mx-auto w-full max-w-[900px] px-4 py-6 sm:px-6">
      <h1 className="text-2xl font-semibold tracking-tight">{t('routes.people')}</h1>
      <p className="mt-1 text-sm text-neutral-600">{t('people.intro')}</p>
      {!cameras.isPending && list.length === 0 ? (
        <p className="mt-4 text-sm">{t('people.noCameras')}</p>
      ) : (
        <div className="mt-4 grid gap-3 sm:grid-cols-2 sm:items-end">
          <label className="block text-sm">
            {t('people.camera')}
            <select className={FIELD} value={uidd ?? ''} onChange={(e) => setChosen(e.target.value)}>
              {list.map((c) => (
                <option key={c.uidd} value={c.uidd}>
                  {c.name}
                </option>
              ))}
            </select>
          </label>
          <label className="block text-sm">
            {t('people.day')}
            <input
              type="date"
              className={FIELD}
              value={day}
              onChange={(e) => e.target.value && setDay(e.target.value)}
            />
          </label>
        </div>
      )}
      <p className="mt-3 text-sm text-neutral-600" aria-live="polite">
        {status}
      </p>
      {rows.length > 0 && (
        <>
          <CountsTable
            caption={t('people.totalsCaption')}
            first={t('people.line')}
            rows={totalsRows(lineTotals(rows))}
            testId="people-totals"
          />
          <CountsTable
            caption={t('people.hourlyCaption')}
            first={t('people.hour')}
            rows={hourlyRows(rows)}
            testId="people-hourly"
          />
        </>
      )}
      <p className="mt-4 text-xs text-neutral-500">{t('people.howTo')}</p>
    </section>
  );
}

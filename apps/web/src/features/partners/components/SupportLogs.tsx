import '../../../shared/i18n/partners.texts.ts';
import { errorText } from '../../../shared/api/error-text.ts';
import { useTranslation } from '../../../shared/i18n/use-translation.ts';
import { formatDateTime, useTimeZone } from '../../../shared/session/time-zone.ts';
import { FormError } from '../../../shared/ui/FormError.tsx';
import { smallButton } from '../../../shared/ui/styles.ts';
import { useAccountErrorReports, useAccountUsageLogs } from '../api/support-activity.ts';
import { Block, cardList } from './Page.tsx';

interface Row {
  id: string;
  createdAt: number;
  title: string;
  detail: string;
}

interface Paged {
  rows: Row[];
  error: Error | null;
  isSuccess: boolean;
  hasNextPage: boolean;
  isFetchingNextPage: boolean;
  fetchNextPage: () => unknown;
}

/** A list of the account's reports or logs, newest first, with a button for the next (older) page. */
function PagedLog({ id, title, empty, query }: { id: string; title: string; empty: string; query: Paged }) {
  const { t, i18n } = useTranslation();
  const zone = useTimeZone();
  const { rows } = query;
  return (
    <Block title={title} id={id}>
      <FormError message={query.error ? errorText(query.error, t) : undefined} />
      {query.isSuccess && rows.length === 0 && <p className="text-neutral-600">{empty}</p>}
      {rows.length > 0 && (
        <ul className={cardList} aria-label={title}>
          {rows.map((r) => (
            <li key={r.id} className="px-4 py-3">
              <p className="break-all font-medium">{r.title}</p>
              <p className="break-all text-sm text-neutral-600">
                {formatDateTime(r.createdAt, i18n.language, zone)} · {r.detail}
              </p>
            </li>
          ))}
        </ul>
      )}
      {query.hasNextPage && (
        <button
          type="button"
          className={smallButton}
          disabled={query.isFetchingNextPage}
          onClick={() => query.fetchNextPage()}
        >
          {t('support.logs.older')}
        </button>
      )}
    </Block>
  );
}

/** The account's browser error reports and usage logs (spec 000 §7), as stored. */
export function SupportLogs({ uid, region }: { uid: string; region?: string | undefined }) {
  const { t } = useTranslation();
  const reports = useAccountErrorReports(uid, region);
  const usage = useAccountUsageLogs(uid, region);
  const reportRows: Paged = {
    ...reports,
    rows: (reports.data?.pages ?? []).flatMap((p) =>
      p.reports.map((r) => ({ id: r.id, createdAt: r.createdAt, title: r.message, detail: r.href })),
    ),
  };
  const usageRows: Paged = {
    ...usage,
    rows: (usage.data?.pages ?? []).flatMap((p) =>
      p.logs.map((l) => ({
        id: l.id,
        createdAt: l.createdAt,
        title: `${l.type} · ${l.url}`,
        detail: `${l.version} · ${l.windowSize}`,
      })),
    ),
  };
  return (
    <>
      <PagedLog
        id="support-error-reports"
        title={t('support.logs.errors')}
        empty={t('support.logs.noErrors')}
        query={reportRows}
      />
      <PagedLog
        id="support-usage-logs"
        title={t('support.logs.usage')}
        empty={t('support.logs.noUsage')}
        query={usageRows}
      />
    </>
  );
}

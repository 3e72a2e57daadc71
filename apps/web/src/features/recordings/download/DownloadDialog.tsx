import { BULK_DOWNLOAD_LIMIT, MAXIMUM_DOWNLOAD_LENGTH_SEC } from '@vigil/contracts';
import { useRef, useState } from 'react';
import { paths } from '../../../shared/config/paths.ts';
import { useTranslation } from '../../../shared/i18n/use-translation.ts';
import { DatePicker } from '../../../shared/pickers/DatePicker.tsx';
import { TimeRangePicker, timeRangeOf } from '../../../shared/pickers/TimeRangePicker.tsx';
import { saveBlob } from '../../../shared/platform/snapshot.ts';
import { sessionStore } from '../../../shared/session/store.ts';
import { dayOf, timeOf } from '../../../shared/time/zoned.ts';
import { Modal } from '../../../shared/ui/Modal.tsx';
import { fit, primaryButton, secondaryButton } from '../../../shared/ui/styles.ts';
import { type ClipResult, type DownloadOutcome, downloadOutcome, fetchClip, packClips } from './clips.ts';
import '../../../shared/i18n/recordings.texts.ts';

export interface DownloadDialogProps {
  cameras: ReadonlyArray<{ uidd: string; name: string }>;
  selected: string | undefined;
  tz: string;
  /** Where the playhead is: the range starts there by default. */
  atMs: number | undefined;
  onClose: () => void;
}

const MAX_MINUTES = MAXIMUM_DOWNLOAD_LENGTH_SEC / 60;
/** The range the dialog opens with: ten minutes around the playhead. */
const DEFAULT_RANGE_MS = 10 * 60_000;

/**
 * Ten minutes around the playhead (or the last ten minutes), in whole minutes, never ending after the minute now
 * is in: an end in the future would open the dialog with its button disabled ("The end is too late").
 */
export function defaultRange(atMs: number | undefined, nowMs: number): { startMs: number; endMs: number } {
  const latestEnd = Math.ceil(nowMs / 60_000) * 60_000;
  const centre = Math.min(atMs ?? nowMs, nowMs);
  const endMs = Math.min(Math.floor((centre + DEFAULT_RANGE_MS / 2) / 60_000) * 60_000, latestEnd);
  return { startMs: endMs - DEFAULT_RANGE_MS, endMs };
}

/**
 * Download clips (spec 001 §4, §7, §8): cameras, a day and a time range; each clip is fetched as a blob with
 * progress; one is saved as MP4, several zipped; the result says all-error, some-error or no-video.
 */
export function DownloadDialog(p: DownloadDialogProps) {
  const { t } = useTranslation();
  const [nowMs] = useState(() => Date.now());
  // Times are whole minutes: the end may be the minute now is in.
  const latestEnd = Math.ceil(nowMs / 60_000) * 60_000;
  const [initial] = useState(() => defaultRange(p.atMs, nowMs));
  const [day, setDay] = useState(() => dayOf(initial.startMs, p.tz));
  const [times, setTimes] = useState(() => ({
    start: timeOf(initial.startMs, p.tz),
    end: timeOf(initial.endMs, p.tz),
  }));
  const [chosen, setChosen] = useState<string[]>(() =>
    p.selected ? [p.selected] : p.cameras.slice(0, 1).map((c) => c.uidd),
  );
  const [progress, setProgress] = useState<number | undefined>(undefined);
  const [outcome, setOutcome] = useState<{ kind: DownloadOutcome; results: ClipResult[] } | undefined>(
    undefined,
  );
  const abort = useRef<AbortController | undefined>(undefined);
  const picker = {
    label: t('recordings.download.times'),
    tz: p.tz,
    day,
    start: times.start,
    end: times.end,
    maxMs: latestEnd,
    maxMinutes: MAX_MINUTES,
  };
  const range = timeRangeOf({ ...picker, onChange: () => {} });
  const busy = progress !== undefined;
  const blocked = busy || chosen.length === 0 || range.errors.length > 0;

  const run = async () => {
    abort.current = new AbortController();
    setOutcome(undefined);
    setProgress(0);
    const jobs = p.cameras.filter((c) => chosen.includes(c.uidd));
    const loaded = new Map<string, [number, number]>();
    const report = () => {
      const [done, total] = [...loaded.values()].reduce(([a, b], [x, y]) => [a + x, b + y], [0, 0]);
      setProgress(total ? Math.min(1, done / total) : 0);
    };
    const results: ClipResult[] = [];
    for (const c of jobs) {
      results.push(
        await fetchClip(
          { uidd: c.uidd, name: c.name, fromMs: range.fromMs, toMs: range.toMs },
          {
            authToken: sessionStore.get()?.authToken,
            timeZone: p.tz,
            signal: abort.current.signal,
            onProgress: (done, total) => {
              loaded.set(c.uidd, [done, total || done]);
              report();
            },
          },
        ),
      );
    }
    const kind = downloadOutcome(results);
    const file = packClips(results, { fromMs: range.fromMs, timeZone: p.tz });
    if (file) saveBlob(file.blob, file.filename);
    setProgress(undefined);
    setOutcome({ kind, results });
  };

  const nameOf = (uidd: string) => p.cameras.find((c) => c.uidd === uidd)?.name ?? uidd;
  return (
    <Modal
      title={t('recordings.download.title')}
      onClose={() => {
        abort.current?.abort();
        p.onClose();
      }}
      actions={
        <>
          <button
            type="button"
            className={fit(secondaryButton)}
            onClick={() => {
              abort.current?.abort();
              p.onClose();
            }}
          >
            {t('common.close')}
          </button>
          <button type="button" className={fit(primaryButton)} disabled={blocked} onClick={() => void run()}>
            {t('recordings.download.start')}
          </button>
        </>
      }
    >
      <div className="flex flex-col gap-4">
        <fieldset>
          <legend className="text-sm font-medium text-neutral-800">
            {t('recordings.download.cameras', { max: BULK_DOWNLOAD_LIMIT })}
          </legend>
          <div className="mt-1 flex max-h-40 flex-col gap-1 overflow-y-auto">
            {p.cameras.map((c) => {
              const on = chosen.includes(c.uidd);
              return (
                <label key={c.uidd} className="inline-flex items-center gap-2 text-sm">
                  <input
                    type="checkbox"
                    checked={on}
                    disabled={!on && chosen.length >= BULK_DOWNLOAD_LIMIT}
                    onChange={() =>
                      setChosen((xs) => (on ? xs.filter((x) => x !== c.uidd) : [...xs, c.uidd]))
                    }
                  />
                  {c.name}
                </label>
              );
            })}
          </div>
        </fieldset>
        <div className="flex flex-col gap-1">
          <span className="text-sm font-medium text-neutral-800">{t('recordings.download.day')}</span>
          <DatePicker
            label={t('recordings.download.day')}
            value={day}
            max={dayOf(nowMs, p.tz)}
            onChange={setDay}
          />
        </div>
        <TimeRangePicker {...picker} onChange={(s, e) => setTimes({ start: s, end: e })} />
        {busy && (
          <div>
            <progress
              className="w-full"
              max={1}
              value={progress}
              aria-label={t('recordings.download.progress')}
            />
            <p className="text-sm text-neutral-600">{Math.round((progress ?? 0) * 100)} %</p>
          </div>
        )}
        {outcome && outcome.kind !== 'ok' && (
          <div
            role="alert"
            data-testid="download-outcome"
            data-outcome={outcome.kind}
            className="rounded-md bg-amber-50 p-3 text-sm text-amber-900"
          >
            <p>{t(`recordings.download.outcome.${outcome.kind}`)}</p>
            <ul className="mt-1 list-disc pl-5">
              {outcome.results
                .filter((r) => r.status !== 'ok')
                .map((r) => (
                  <li key={r.uidd}>
                    {nameOf(r.uidd)}: {r.status === 'no-video' ? t('recordings.download.noVideo') : r.message}
                  </li>
                ))}
            </ul>
          </div>
        )}
        {outcome?.kind === 'ok' && (
          <p
            role="status"
            data-testid="download-outcome"
            data-outcome="ok"
            className="text-sm text-green-800"
          >
            {t('recordings.download.done')}
          </p>
        )}
        {outcome && <EvidenceList results={outcome.results} />}
      </div>
    </Modal>
  );
}

/** Each saved clip's SHA-256 and its signed manifest to keep beside it, and where a file can be checked later. */
function EvidenceList({ results }: { results: readonly ClipResult[] }) {
  const { t } = useTranslation();
  const signed = results.flatMap((r) =>
    r.status === 'ok' && r.evidence ? [{ ...r, evidence: r.evidence }] : [],
  );
  if (signed.length === 0) return null;
  return (
    <section aria-labelledby="download-evidence" className="rounded-md border border-neutral-200 p-3 text-sm">
      <h3 id="download-evidence" className="font-medium text-neutral-800">
        {t('recordings.download.evidence.title')}
      </h3>
      <ul className="mt-2 flex flex-col gap-2">
        {signed.map((r) => (
          <li key={r.uidd} className="flex flex-col gap-1" data-testid="download-evidence">
            <span className="break-all">{r.filename}</span>
            <span className="break-all font-mono text-xs text-neutral-600">
              {t('recordings.download.evidence.sha256')}{' '}
              <span data-testid="download-sha256">{r.evidence.sha256}</span>
            </span>
            {signed.length === 1 && (
              <button
                type="button"
                className={fit(secondaryButton)}
                onClick={() =>
                  saveBlob(
                    new Blob([r.evidence.json], { type: 'application/json' }),
                    `${r.filename}.manifest.json`,
                  )
                }
              >
                {t('recordings.download.evidence.save')}
              </button>
            )}
          </li>
        ))}
      </ul>
      <p className="mt-2 text-neutral-600">
        {signed.length > 1 && `${t('recordings.download.evidence.inZip')} `}
        <a className="underline" href={paths.verify} target="_blank" rel="noreferrer">
          {t('recordings.download.evidence.verify')}
        </a>
      </p>
    </section>
  );
}

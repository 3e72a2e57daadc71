import '../../../shared/i18n/events.texts.ts';
import { useTranslation } from '../../../shared/i18n/use-translation.ts';
import { percentText, type ShownLabel } from '../model.ts';

/** A detector's frame: marks recognition labels apart from tags, which look alike otherwise. */
function ScanIcon() {
  return (
    <svg viewBox="0 0 16 16" className="size-3 shrink-0" fill="none" stroke="currentColor" aria-hidden="true">
      <path
        d="M1.5 5V2.5a1 1 0 0 1 1-1H5M11 1.5h2.5a1 1 0 0 1 1 1V5M14.5 11v2.5a1 1 0 0 1-1 1H11M5 14.5H2.5a1 1 0 0 1-1-1V11"
        strokeWidth="1.5"
        strokeLinecap="round"
      />
      <circle cx="8" cy="8" r="2" fill="currentColor" stroke="none" />
    </svg>
  );
}

const chip =
  'inline-flex items-center gap-1 rounded-full bg-violet-50 px-2 py-0.5 font-medium text-violet-900 ring-1 ring-inset ring-violet-200';

/**
 * The labels of an event card, as chips. They sit inside the card's button, whose content is presentational to
 * assistive technology: the chips are hidden from it and one sentence ("Recognised: person, car") says the same.
 */
export function LabelChips({ labels }: { labels: readonly string[] }) {
  const { t } = useTranslation();
  if (!labels.length) return null;
  return (
    <span className="mt-1.5 flex flex-wrap gap-1" data-testid="event-labels">
      <span className="sr-only">{t('events.recognised', { labels: labels.join(', ') })}</span>
      {labels.map((l) => (
        <span key={l} className={`${chip} text-xs`} data-testid="label-chip" aria-hidden="true">
          <ScanIcon />
          {l}
        </span>
      ))}
    </span>
  );
}

/**
 * The labels of the event in the preview with their confidences, highest first. Names come first (the list
 * knows them), the percentages fill a place kept for them: nothing moves when they load, nothing shows when none.
 */
export function LabelConfidences({ labels }: { labels: readonly ShownLabel[] }) {
  const { t, i18n } = useTranslation();
  if (!labels.length) return null;
  return (
    <ul aria-label={t('events.labels')} className="mt-2 flex flex-wrap gap-1.5" data-testid="preview-labels">
      {labels.map((l) => (
        <li key={l.label} className={`${chip} text-sm`}>
          <ScanIcon />
          {/* The space is for text and screen readers ("person 87%"); the flex gap does it on screen. */}
          {l.label}{' '}
          <span className="inline-block min-w-[4ch] text-right tabular-nums text-violet-700">
            {l.confidence === undefined ? '' : percentText(l.confidence, i18n.language)}
          </span>
        </li>
      ))}
    </ul>
  );
}

import '../../../shared/i18n/events.texts.ts';
import type { EventItem } from '@vigil/contracts';
import { useTranslation } from '../../../shared/i18n/use-translation.ts';
import { ImageViewer } from '../../../shared/ui/media/ImageViewer.tsx';
import { thumbUrl, useAuthImage } from '../api/event-image.ts';
import { durationText, isOngoing, scoreOf } from '../model.ts';
import { LabelChips } from './EventLabels.tsx';

/**
 * One event in the list: its thumbnail (hover preview), camera, time, recognition labels, duration ("ongoing"
 * while motion goes on), score, flags and tags.
 */
export function EventCard({
  event,
  cameraName,
  selecting,
  selected,
  onToggle,
  onOpen,
}: {
  event: EventItem;
  cameraName: string;
  selecting: boolean;
  selected: boolean;
  onToggle: () => void;
  onOpen: () => void;
}) {
  const { t, i18n } = useTranslation();
  const thumb = useAuthImage(thumbUrl(event));
  const time = new Date(event.startTime).toLocaleString(i18n.language, {
    dateStyle: 'medium',
    timeStyle: 'medium',
  });
  return (
    <li
      className={`relative overflow-hidden rounded-lg border bg-white shadow-sm ${selected ? 'border-accent ring-2 ring-accent/40' : 'border-neutral-200'}`}
      data-testid="event-card"
      data-event-id={event.id}
    >
      {/* One control for the whole card, the picture included: a click or Enter anywhere on it opens the event. */}
      <button
        type="button"
        onClick={selecting ? onToggle : onOpen}
        className="block w-full rounded-lg text-left focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-inset focus-visible:ring-accent"
      >
        {thumb.isPending ? (
          <div className="aspect-video animate-pulse bg-neutral-200" />
        ) : (
          // The button's name already says camera and time: the picture adds nothing to read out.
          <ImageViewer src={thumb.data ?? undefined} alt="" hoverPreview className="aspect-video" />
        )}
        <span className="block p-2">
          <span className="block truncate font-medium">{cameraName}</span>
          <span className="block text-sm text-neutral-600">{time}</span>
          <LabelChips labels={event.labels ?? []} />
          <span className="mt-1 flex flex-wrap gap-1 text-xs">
            {isOngoing(event) ? (
              <span
                className="inline-flex items-center gap-1 rounded bg-red-50 px-1.5 py-0.5 text-red-800"
                data-testid="event-duration"
              >
                <span
                  className="size-1.5 rounded-full bg-accent motion-safe:animate-pulse"
                  aria-hidden="true"
                />
                {t('events.ongoing')}
              </span>
            ) : (
              <span className="rounded bg-neutral-100 px-1.5 py-0.5" data-testid="event-duration">
                {durationText(event.durationSeconds)}
              </span>
            )}
            <span className="rounded bg-neutral-100 px-1.5 py-0.5">
              {t('events.score', { score: scoreOf(event) })}
            </span>
            {event.rom && <span className="rounded bg-amber-100 px-1.5 py-0.5">{t('events.rom')}</span>}
            {event.tags.map((tag) => (
              <span key={tag} className="rounded bg-sky-100 px-1.5 py-0.5">
                {tag}
              </span>
            ))}
          </span>
        </span>
      </button>
      {selecting && (
        <label className="absolute left-2 top-2 rounded bg-white/90 px-1.5 py-1 shadow">
          <input
            type="checkbox"
            checked={selected}
            onChange={onToggle}
            aria-label={t('events.selectOne', { camera: cameraName, time })}
          />
        </label>
      )}
    </li>
  );
}

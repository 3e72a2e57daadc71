import '../../../shared/i18n/events.texts.ts';
import type { EventItem } from '@vigil/contracts';
import { useMediaGrantOnce } from '../../../shared/api/media-grant.ts';
import { useTranslation } from '../../../shared/i18n/use-translation.ts';
import { type MediaItem, MediaPreviewModal } from '../../../shared/ui/media/MediaPreviewModal.tsx';
import { TagInput } from '../../../shared/ui/tags/TagInput.tsx';
import { stillUrl, thumbUrl, useAuthImage } from '../api/event-image.ts';
import { useEventLabels } from '../api/event-labels.ts';
import { useEventTagChange } from '../api/event-tags.ts';
import { clipUrl, durationText, isOngoing, scoreOf, shownLabels } from '../model.ts';
import { LabelConfidences } from './EventLabels.tsx';

/**
 * An event in the media preview modal: its clip (or, when that cannot play, its high-resolution still), the
 * previous event of the same camera to compare with, previous/next through the loaded list, its recognition
 * labels with their confidences, tags, delete.
 */
export function EventPreview({
  events,
  index,
  onIndexChange,
  onClose,
  cameraName,
  knownTags,
  onDelete,
  mayChange,
}: {
  events: readonly EventItem[];
  index: number;
  onIndexChange: (i: number) => void;
  onClose: () => void;
  cameraName: (uidd: string) => string;
  knownTags: readonly string[];
  onDelete: (e: EventItem) => void;
  /** May the person delete and tag this camera's events (their level on it)? */
  mayChange: (uidd: string) => boolean;
}) {
  const { t, i18n } = useTranslation();
  const event = events[index];
  const older = event ? events.slice(index + 1).find((e) => e.cameraUidd === event.cameraUidd) : undefined;
  const clipGrant = useMediaGrantOnce(event?.cameraUidd, 'recorded', event?.id);
  const still = useAuthImage(event ? (event.hasHighResStill ? stillUrl(event) : thumbUrl(event)) : undefined);
  const before = useAuthImage(older ? thumbUrl(older) : undefined);
  const tags = useEventTagChange();
  const labels = useEventLabels(event);
  const title = (e: EventItem) =>
    `${cameraName(e.cameraUidd)} · ${new Date(e.startTime).toLocaleString(i18n.language, { dateStyle: 'medium', timeStyle: 'medium' })}`;
  const items: MediaItem[] = events.map((e, i) =>
    i === index
      ? {
          key: e.id,
          title: title(e),
          // A short 'recorded' grant where the spec's stream URL has a token, never the auth token (0014).
          video: clipUrl(e, clipGrant),
          image: still.data ?? undefined,
          before: before.data ?? undefined,
        }
      : { key: e.id, title: title(e) },
  );
  if (!event) return null;
  return (
    <MediaPreviewModal
      items={items}
      index={index}
      onIndexChange={onIndexChange}
      onClose={onClose}
      footer={
        mayChange(event.cameraUidd) && (
          <button
            type="button"
            onClick={() => onDelete(event)}
            className="rounded-md border border-red-300 px-2 py-1 text-sm text-red-700 hover:bg-red-50"
          >
            {t('events.delete')}
          </button>
        )
      }
    >
      <p className="mt-3 text-sm text-neutral-700">
        {isOngoing(event)
          ? t('events.detailsOngoing', { score: scoreOf(event) })
          : t('events.details', { duration: durationText(event.durationSeconds), score: scoreOf(event) })}
        {event.rom ? ` · ${t('events.rom')}` : ''}
      </p>
      <LabelConfidences labels={shownLabels(event.labels, labels.data)} />
      <div className="mt-3">
        <TagInput
          label={t('events.tags')}
          tags={event.tags}
          known={knownTags}
          disabled={tags.isPending || !mayChange(event.cameraUidd)}
          onAdd={(tag) => tags.mutate({ event, tag, add: true })}
          onRemove={(tag) => tags.mutate({ event, tag, add: false })}
        />
      </div>
    </MediaPreviewModal>
  );
}

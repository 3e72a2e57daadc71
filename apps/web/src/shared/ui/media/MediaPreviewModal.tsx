import '../../i18n/media.texts.ts';
import {
  MODAL_MAX_WIDTH_PERCENT,
  MODAL_MAX_WIDTH_PX,
  SLIDE_ANIMATION_MS,
  SNAPSHOT_FLASH_MS,
} from '@vigil/contracts';
import {
  type ReactNode,
  type Ref,
  useEffect,
  useImperativeHandle,
  useLayoutEffect,
  useRef,
  useState,
} from 'react';
import { useTranslation } from '../../i18n/use-translation.ts';
import { saveBlob, snapshotOf, videoAt } from '../../platform/snapshot.ts';
import { ModalFrame, ModalTitle } from '../ModalFrame.tsx';
import { BeforeAfter } from './BeforeAfter.tsx';
import { ClipControls } from './ClipControls.tsx';
import {
  INITIAL_VIEW,
  rotated,
  swipeDirection,
  transformOf,
  type ViewState,
  viewerKey,
  zoomed,
} from './gestures.ts';
import { ImageViewer } from './ImageViewer.tsx';

export interface MediaItem {
  key: string;
  title: string;
  /** A video to play; when it cannot play, the image is shown. */
  video?: string | undefined;
  image?: string | undefined;
  /** A picture to compare the image with (the before/after slider). */
  before?: string | undefined;
}

/**
 * The media preview modal of spec 001 §2: title, close button, video or image, before/after slider, zoom and
 * rotate, snapshot, previous/next with a 300 ms slide, swipe from 50 px, page scroll locked while open, Escape
 * closes, Tab stays inside; z-index 1050, at most 700 px or 90 % wide. `children` go under the picture, `footer`
 * holds the item's actions. A video has our own controls under it (the browser's take the touches a swipe needs),
 * and its snapshot is the frame shown (decision 0558).
 */
export function MediaPreviewModal({
  items,
  index,
  onIndexChange,
  onClose,
  children,
  footer,
}: {
  items: readonly MediaItem[];
  index: number;
  onIndexChange: (index: number) => void;
  onClose: () => void;
  children?: ReactNode;
  footer?: ReactNode;
}) {
  const { t } = useTranslation();
  const stage = useRef<StageHandle>(null);
  const touch = useRef<{ x: number; y: number } | null>(null);
  const [slide, setSlide] = useState<'next' | 'previous' | null>(null);
  const item = items[index];

  const go = (dir: 'next' | 'previous') => {
    const to = dir === 'next' ? index + 1 : index - 1;
    if (to < 0 || to >= items.length) return;
    setSlide(dir);
    onIndexChange(to);
  };

  // Escape and Tab are the dialog frame's (Radix); the viewer's keys and paging are ours.
  const onKeyDown = (e: KeyboardEvent) => {
    if (e.key === 'Escape' || e.key === 'Tab') return;
    const target = e.target as HTMLElement;
    if (target.tagName === 'INPUT' || target.tagName === 'TEXTAREA') return;
    if (stage.current?.key(e.key)) e.preventDefault();
    else if (e.key === 'ArrowRight') go('next');
    else if (e.key === 'ArrowLeft') go('previous');
  };

  // Keys are listened to on the document: focus may have left the dialog (a button it was on became disabled).
  const keys = useRef(onKeyDown);
  useEffect(() => {
    keys.current = onKeyDown;
  });
  useEffect(() => {
    const listener = (e: KeyboardEvent) => keys.current(e);
    document.addEventListener('keydown', listener);
    return () => document.removeEventListener('keydown', listener);
  }, []);

  if (!item) return null;
  const control =
    'rounded-md border border-neutral-300 px-2 py-1 text-sm hover:bg-neutral-100 disabled:opacity-40';
  return (
    <ModalFrame
      onClose={onClose}
      focus="dialog"
      backdrop="bg-black/60"
      testId="media-preview-backdrop"
      className="flex max-h-full w-full flex-col rounded-xl bg-white shadow-xl"
      style={{ maxWidth: `min(${MODAL_MAX_WIDTH_PX}px, ${MODAL_MAX_WIDTH_PERCENT}%)` }}
      title={
        <header className="flex items-center justify-between gap-2 border-b border-neutral-200 px-4 py-3">
          <ModalTitle className="truncate text-lg font-semibold">{item.title}</ModalTitle>
          <button type="button" onClick={onClose} className={control} aria-label={t('common.close')}>
            ×
          </button>
        </header>
      }
    >
      <div
        className="min-h-0 overflow-y-auto px-4 py-3"
        // Horizontal moves are the swipe's: the browser keeps vertical scrolling and pinch zoom only.
        style={{ touchAction: 'pan-y pinch-zoom' }}
        onTouchStart={(e) => {
          const p = e.touches[0];
          touch.current = p ? { x: p.clientX, y: p.clientY } : null;
        }}
        onTouchEnd={(e) => {
          const start = touch.current;
          const p = e.changedTouches[0];
          touch.current = null;
          if (!start || !p) return;
          const dir = swipeDirection(p.clientX - start.x, p.clientY - start.y);
          if (dir) go(dir);
        }}
      >
        {/* Keyed by item: a new item starts with a fresh view, and slides in from the side it came from. */}
        <MediaStage
          key={item.key}
          ref={stage}
          item={item}
          slide={slide}
          position={`${index + 1} / ${items.length}`}
        />
        {children}
      </div>
      <footer className="flex items-center justify-between gap-2 border-t border-neutral-200 px-4 py-3">
        <div className="flex gap-2">
          <button type="button" className={control} disabled={index === 0} onClick={() => go('previous')}>
            {t('media.previous')}
          </button>
          <button
            type="button"
            className={control}
            disabled={index >= items.length - 1}
            onClick={() => go('next')}
          >
            {t('media.next')}
          </button>
        </div>
        <div className="flex gap-2">{footer}</div>
      </footer>
    </ModalFrame>
  );
}

interface StageHandle {
  /** Handles a viewer key (zoom, pan, rotate); false when it is not one. */
  key(key: string): boolean;
}

/** One item: the picture or video with its view (zoom, rotation, pan), the controls, the snapshot. */
function MediaStage({
  item,
  slide,
  position,
  ref,
}: {
  item: MediaItem;
  slide: 'next' | 'previous' | null;
  position: string;
  ref: Ref<StageHandle>;
}) {
  const { t } = useTranslation();
  const stage = useRef<HTMLDivElement>(null);
  const img = useRef<HTMLImageElement>(null);
  const video = useRef<HTMLVideoElement>(null);
  const [view, setView] = useState<ViewState>(INITIAL_VIEW);
  const [videoFailed, setVideoFailed] = useState(false);
  const [mode, setMode] = useState<'media' | 'compare'>('media');
  const [flash, setFlash] = useState(false);
  const [error, setError] = useState<string | null>(null);
  // The side it came from, as it was when the item was first shown.
  const cameFrom = useRef(slide);
  useLayoutEffect(() => {
    const slide = cameFrom.current;
    if (slide && stage.current?.animate) {
      stage.current.dataset.slide = slide;
      stage.current.animate(
        [{ transform: `translateX(${slide === 'next' ? '100%' : '-100%'})` }, { transform: 'translateX(0)' }],
        { duration: SLIDE_ANIMATION_MS, easing: 'ease-out' },
      );
    }
  }, []);
  useImperativeHandle(ref, () => ({
    key: (key: string) => {
      const next = viewerKey(view, key);
      if (next) setView(next);
      return next !== null;
    },
  }));
  const showVideo = Boolean(item.video) && !videoFailed && mode === 'media';
  // The frame shown, turned as shown. A clip from another host (the camera's logger) taints the canvas it is drawn
  // on: then its bytes are read again with CORS, into a video of this page's own, at the same time.
  const videoFrame = async (v: HTMLVideoElement): Promise<Blob> => {
    if (v.videoWidth === 0) throw new Error(t('media.noFrame'));
    try {
      return await snapshotOf(v, view.rotation);
    } catch (err) {
      if (!(err instanceof DOMException && err.name === 'SecurityError')) throw err;
      const res = await fetch(v.currentSrc, { mode: 'cors' });
      if (!res.ok) throw err;
      return snapshotOf(await videoAt(await res.blob(), v.currentTime), view.rotation);
    }
  };
  const snapshot = async () => {
    const v = showVideo ? video.current : null;
    const source = v ?? img.current;
    if (!source) return;
    setFlash(true);
    setError(null);
    setTimeout(() => setFlash(false), SNAPSHOT_FLASH_MS);
    try {
      const blob = v ? await videoFrame(v) : await snapshotOf(source, view.rotation);
      saveBlob(blob, `${item.title.replace(/[:/]/g, '-')}.jpg`);
    } catch (err) {
      setError(err instanceof Error ? err.message : String(err));
    }
  };
  const control =
    'rounded-md border border-neutral-300 px-2 py-1 text-sm hover:bg-neutral-100 disabled:opacity-40';
  return (
    <>
      <div className="relative aspect-video overflow-hidden rounded-lg bg-neutral-900">
        <div ref={stage} className="h-full w-full" data-testid="media-stage" data-item={item.key}>
          {mode === 'compare' && item.before && item.image ? (
            <BeforeAfter before={item.before} after={item.image} alt={item.title} />
          ) : showVideo ? (
            <video
              ref={video}
              src={item.video}
              autoPlay
              muted
              playsInline
              onError={() => setVideoFailed(true)}
              className="h-full w-full object-contain"
              style={{ transform: transformOf(view) }}
            />
          ) : (
            <ImageViewer
              src={item.image}
              alt={item.title}
              view={view}
              imgRef={img}
              className="h-full w-full"
            />
          )}
        </div>
        {flash && (
          <div className="pointer-events-none absolute inset-0 bg-white/80" data-testid="snapshot-flash" />
        )}
      </div>
      {showVideo && <ClipControls video={video} />}
      <div className="mt-2 flex flex-wrap items-center gap-2" role="toolbar" aria-label={t('media.controls')}>
        <button type="button" className={control} onClick={() => setView((v) => zoomed(v, 0.5))}>
          {t('media.zoomIn')}
        </button>
        <button
          type="button"
          className={control}
          disabled={view.zoom <= 1}
          onClick={() => setView((v) => zoomed(v, -0.5))}
        >
          {t('media.zoomOut')}
        </button>
        <button type="button" className={control} onClick={() => setView(rotated)}>
          {t('media.rotate')}
        </button>
        <button type="button" className={control} onClick={() => void snapshot()}>
          {t('media.snapshot')}
        </button>
        {item.before && item.image && (
          <button
            type="button"
            className={control}
            aria-pressed={mode === 'compare'}
            onClick={() => setMode((m) => (m === 'compare' ? 'media' : 'compare'))}
          >
            {t('media.compare')}
          </button>
        )}
        <span className="ml-auto text-sm text-neutral-600" data-testid="media-position">
          {position}
        </span>
      </div>
      {error && (
        <p className="mt-2 text-sm text-red-600" role="alert">
          {error}
        </p>
      )}
    </>
  );
}

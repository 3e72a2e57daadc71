import '../../i18n/media.texts.ts';
import {
  IMAGE_HOVER_PREVIEW_WIDTH_FACTOR,
  IMAGE_HOVER_ZOOM,
  IMAGE_HOVER_ZOOM_DELAY_MS,
} from '@vigil/contracts';
import { type CSSProperties, useEffect, useRef, useState } from 'react';
import { useTranslation } from '../../i18n/use-translation.ts';
import { transformOf, type ViewState } from './gestures.ts';

/**
 * An image with the image viewer rules of spec 001 §2: shown transformed (zoom, pan, rotation: the owner handles
 * the 40 px keyboard steps), optionally a hover preview that appears after 0.6 s, 2.5 times the image's width,
 * enlarging it 3 times around the pointer; 'No image' in red when it cannot be loaded.
 */
export function ImageViewer({
  src,
  alt,
  view,
  hoverPreview = false,
  className = '',
  imgRef,
}: {
  src: string | undefined;
  alt: string;
  view?: ViewState | undefined;
  hoverPreview?: boolean;
  className?: string;
  imgRef?: React.Ref<HTMLImageElement>;
}) {
  const { t } = useTranslation();
  // Failure belongs to one src: a new picture gets its own try.
  const [failedSrc, setFailedSrc] = useState<string | undefined>(undefined);
  const failed = failedSrc !== undefined && failedSrc === src;
  const [hover, setHover] = useState<{ x: number; y: number; w: number; h: number } | null>(null);
  const [showPreview, setShowPreview] = useState(false);
  const timer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  useEffect(() => () => clearTimeout(timer.current), []);
  if (!src || failed)
    return (
      <div className={`flex items-center justify-center bg-neutral-100 ${className}`} data-testid="no-image">
        <span className="font-medium text-red-600">{t('media.noImage')}</span>
      </div>
    );
  // A mouse only: a tap on a phone also sends pointer moves, and the preview would then cover what the tap opened.
  const onMove = (e: React.PointerEvent<HTMLDivElement>) => {
    if (!hoverPreview || e.pointerType !== 'mouse') return;
    const r = e.currentTarget.getBoundingClientRect();
    setHover({ x: e.clientX - r.left, y: e.clientY - r.top, w: r.width, h: r.height });
    if (!timer.current && !showPreview)
      timer.current = setTimeout(() => {
        timer.current = undefined;
        setShowPreview(true);
      }, IMAGE_HOVER_ZOOM_DELAY_MS);
  };
  const onLeave = () => {
    clearTimeout(timer.current);
    timer.current = undefined;
    setShowPreview(false);
    setHover(null);
  };
  let preview: CSSProperties | undefined;
  if (showPreview && hover) {
    const width = Math.min(hover.w * IMAGE_HOVER_PREVIEW_WIDTH_FACTOR, window.innerWidth - 16);
    const height = (width * hover.h) / hover.w;
    preview = {
      width,
      height,
      backgroundImage: `url("${src}")`,
      backgroundSize: `${width * IMAGE_HOVER_ZOOM}px ${height * IMAGE_HOVER_ZOOM}px`,
      backgroundPosition: `${(hover.x / hover.w) * 100}% ${(hover.y / hover.h) * 100}%`,
    };
  }
  return (
    <div
      className={`relative overflow-hidden ${className}`}
      onPointerMove={onMove}
      onPointerLeave={onLeave}
      // A press opens what the picture belongs to (the event card): the preview must not come over it.
      onPointerDown={onLeave}
    >
      <img
        ref={imgRef}
        src={src}
        alt={alt}
        draggable={false}
        onError={() => setFailedSrc(src)}
        className="h-full w-full object-contain transition-transform duration-150"
        style={view ? { transform: transformOf(view) } : undefined}
      />
      {preview && (
        <div
          data-testid="hover-preview"
          data-zoom={IMAGE_HOVER_ZOOM}
          className="pointer-events-none fixed z-[1100] rounded-lg border-2 border-white bg-no-repeat shadow-2xl"
          style={{ ...preview, left: 8, top: 8 }}
        />
      )}
    </div>
  );
}

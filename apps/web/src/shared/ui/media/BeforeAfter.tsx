import '../../i18n/media.texts.ts';
import { useId, useState } from 'react';
import { useTranslation } from '../../i18n/use-translation.ts';
import { ImageViewer } from './ImageViewer.tsx';

/** Two pictures over each other; a slider reveals the "before" one from the left (spec 001 §2). */
export function BeforeAfter({ before, after, alt }: { before: string; after: string; alt: string }) {
  const { t } = useTranslation();
  const [at, setAt] = useState(50);
  const id = useId();
  return (
    <div className="relative h-full w-full" data-testid="before-after">
      <ImageViewer src={after} alt={alt} className="absolute inset-0 h-full w-full" />
      <div className="absolute inset-0" style={{ clipPath: `inset(0 ${100 - at}% 0 0)` }}>
        <ImageViewer src={before} alt={t('media.before')} className="h-full w-full" />
      </div>
      <div
        className="pointer-events-none absolute inset-y-0 w-0.5 bg-white shadow"
        style={{ left: `${at}%` }}
      />
      <label htmlFor={id} className="sr-only">
        {t('media.compare')}
      </label>
      <input
        id={id}
        type="range"
        min={0}
        max={100}
        value={at}
        onChange={(e) => setAt(Number(e.target.value))}
        className="absolute inset-x-4 bottom-2"
      />
    </div>
  );
}

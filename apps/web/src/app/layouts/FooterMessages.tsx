import { FOOTER_FADE_MS, FOOTER_ROTATION_MS } from '@vigil/contracts';
import { useEffect, useState } from 'react';
import { useTranslation } from '../../shared/i18n/use-translation.ts';
import { useMediaQuery } from '../../shared/platform/media.ts';

/**
 * A brand's marketing messages in turn (spec 001 §2: every 4 s with a 0.8 s fade; decision 0827). Moving content
 * that lasts more than five seconds needs a way to stop it (WCAG 2.2.2): a pause button. With reduced motion the
 * message changes without the fade.
 */
export function FooterMessages({ messages }: { messages: readonly string[] }) {
  const { t } = useTranslation();
  const [index, setIndex] = useState(0);
  const [shown, setShown] = useState(true);
  const [paused, setPaused] = useState(false);
  const still = useMediaQuery('(prefers-reduced-motion: reduce)');
  const turning = messages.length > 1 && !paused;

  useEffect(() => {
    if (!turning) return;
    let fade: ReturnType<typeof setTimeout> | undefined;
    const id = setInterval(() => {
      if (still) {
        setIndex((i) => (i + 1) % messages.length);
        return;
      }
      setShown(false);
      fade = setTimeout(() => {
        setIndex((i) => (i + 1) % messages.length);
        setShown(true);
      }, FOOTER_FADE_MS / 2);
    }, FOOTER_ROTATION_MS);
    return () => {
      clearInterval(id);
      clearTimeout(fade);
      setShown(true);
    };
  }, [turning, still, messages.length]);

  if (messages.length === 0) return null;
  return (
    <div className="flex min-w-0 items-center gap-2">
      <p
        className="min-w-0 truncate text-neutral-700"
        style={{ opacity: shown ? 1 : 0, transition: still ? undefined : `opacity ${FOOTER_FADE_MS / 2}ms` }}
        data-testid="footer-message"
      >
        {messages[index % messages.length]}
      </p>
      {messages.length > 1 && (
        <button
          type="button"
          className="shrink-0 rounded px-1.5 py-0.5 text-xs text-neutral-600 underline-offset-2 hover:underline focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-accent/50"
          aria-pressed={paused}
          onClick={() => setPaused((p) => !p)}
        >
          {paused ? t('footer.play') : t('footer.pause')}
        </button>
      )}
    </div>
  );
}

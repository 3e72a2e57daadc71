import { useTranslation } from '../../shared/i18n/use-translation.ts';
import { probeRoot, reloadPage, useReconnect } from './reconnect.ts';

/** Replaces every page while the network is down (spec 000 §4, spec 001 §2). */
export function NetworkErrorPage({
  probe = probeRoot,
  onBack = reloadPage,
}: {
  probe?: () => Promise<unknown>;
  onBack?: () => void;
}) {
  const { t } = useTranslation();
  const state = useReconnect(probe, onBack);
  return (
    <main className="flex min-h-full flex-col items-center justify-center gap-4 bg-neutral-50 p-8 text-center">
      <svg
        viewBox="0 0 24 24"
        className="h-14 w-14 text-neutral-400"
        aria-hidden="true"
        fill="none"
        stroke="currentColor"
        strokeWidth={1.6}
      >
        <path
          d="M2 8.5a15 15 0 0 1 20 0M5.5 12a10 10 0 0 1 13 0M9 15.5a5 5 0 0 1 6 0M12 19h.01M3 3l18 18"
          strokeLinecap="round"
        />
      </svg>
      <h1 className="text-2xl font-semibold">{t('network.title')}</h1>
      <p role="status" className="text-neutral-700">
        {state.phase === 'countdown'
          ? t('network.countdown', { seconds: state.seconds })
          : t('network.trying')}
      </p>
    </main>
  );
}

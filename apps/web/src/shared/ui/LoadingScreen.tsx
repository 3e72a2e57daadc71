import { useTranslation } from '../i18n/use-translation.ts';

/** Full-height loading state with a spinner; announced once to screen readers. */
export function LoadingScreen({ label }: { label?: string }) {
  const { t } = useTranslation();
  return (
    <div
      role="status"
      className="flex min-h-full flex-1 flex-col items-center justify-center gap-3 p-8 text-neutral-600"
    >
      <span
        className="h-8 w-8 animate-spin rounded-full border-4 border-neutral-200 border-t-accent"
        aria-hidden="true"
      />
      <span>{label ?? t('app.loading')}</span>
    </div>
  );
}

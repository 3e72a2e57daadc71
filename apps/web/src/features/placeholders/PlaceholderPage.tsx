import { useTranslation } from '../../shared/i18n/use-translation.ts';
import { usePageTitle } from '../../shared/platform/mobile-header.tsx';
import { useShell } from '../../shared/routing/shell.tsx';

/** Stands in for a screen a later issue builds; its route, layout and access rule are already real. */
export function PlaceholderPage({ routeId }: { routeId: string }) {
  const { t } = useTranslation();
  const { brand } = useShell();
  const title = t(`routes.${routeId}`, { defaultValue: routeId });
  usePageTitle(title, brand.name);
  return (
    <section className="mx-auto w-full max-w-[1200px] px-4 py-6 sm:px-6" data-route-id={routeId}>
      <h1 className="text-2xl font-semibold tracking-tight">{title}</h1>
      <p className="mt-4 rounded-lg border border-dashed border-neutral-300 bg-white p-8 text-center text-neutral-600">
        {t('placeholder.text')}
      </p>
    </section>
  );
}

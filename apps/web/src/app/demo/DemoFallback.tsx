import { Link } from 'react-router';
import { paths } from '../../shared/config/paths.ts';
import { useTranslation } from '../../shared/i18n/use-translation.ts';
import { usePageTitle } from '../../shared/platform/mobile-header.tsx';
import { useShell, useShellPath } from '../../shared/routing/shell.tsx';
import { linkClass } from '../../shared/ui/styles.ts';

/** Any path the demo does not serve (spec 000 §2). */
export function DemoFallback() {
  const { t } = useTranslation();
  const { brand } = useShell();
  const link = useShellPath();
  usePageTitle(t('demo.fallbackTitle'), brand.name);
  return (
    <section className="mx-auto flex max-w-xl flex-1 flex-col items-center justify-center gap-3 px-4 py-16 text-center">
      <h1 className="text-2xl font-semibold">{t('demo.fallbackTitle')}</h1>
      <p className="text-neutral-700">{t('demo.fallbackText')}</p>
      <Link to={link(paths.cameras)} className={linkClass}>
        {t('demo.backToCameras')}
      </Link>
    </section>
  );
}

import { Link } from 'react-router';
import { paths } from '../../shared/config/paths.ts';
import { useTranslation } from '../../shared/i18n/use-translation.ts';
import { usePageTitle } from '../../shared/platform/mobile-header.tsx';
import { useShell, useShellPath } from '../../shared/routing/shell.tsx';
import { linkClass } from '../../shared/ui/styles.ts';

/** The not-found page (spec 000 §2, §8): inside the app frame when signed in, the 404 in the site frame otherwise. */
export function NotFoundPage() {
  const { t } = useTranslation();
  const { brand } = useShell();
  const link = useShellPath();
  usePageTitle(t('errors.notFoundTitle'), brand.name);
  return (
    <section className="mx-auto flex w-full max-w-xl flex-1 flex-col items-center justify-center gap-3 px-4 py-16 text-center">
      <p className="text-6xl font-bold text-neutral-500" aria-hidden="true">
        {t('errors.notFoundCode')}
      </p>
      <h1 className="text-2xl font-semibold">{t('errors.notFoundTitle')}</h1>
      <p className="text-neutral-700">{t('errors.notFound')}</p>
      <Link to={link(paths.root)} className={linkClass}>
        {t('errors.returnHome')}
      </Link>
    </section>
  );
}

import { NavLink } from 'react-router';
import { useTranslation } from '../../shared/i18n/use-translation.ts';
import type { FlatRoute } from '../../shared/routing/access.ts';
import { useShell, useShellPath } from '../../shared/routing/shell.tsx';
import { Icon } from '../../shared/ui/Icon.tsx';

/** One navigation entry: an internal link, or the product-updates page opened outside the app. */
export function NavEntry({
  route,
  className,
  onNavigate,
}: {
  route: FlatRoute;
  className: string;
  onNavigate?: () => void;
}) {
  const { t } = useTranslation();
  const { brand } = useShell();
  const link = useShellPath();
  const label = t(`routes.${route.id}`);
  const content = (
    <>
      {route.nav && <Icon name={route.nav.icon} />}
      <span className="leading-tight">{label}</span>
    </>
  );
  if (route.external === 'productUpdates' && brand.productUpdatesUrl)
    return (
      <a
        href={brand.productUpdatesUrl}
        target="_blank"
        rel="noopener"
        className={className}
        onClick={onNavigate}
      >
        {content}
        <span className="sr-only"> {t('nav.opensInNewWindow')}</span>
      </a>
    );
  return (
    <NavLink to={link(route.path)} className={className} onClick={onNavigate}>
      {content}
    </NavLink>
  );
}

import { NavLink } from 'react-router';
import { paths } from '../../../shared/config/paths.ts';
import { useTranslation } from '../../../shared/i18n/use-translation.ts';
import { useShellPath } from '../../../shared/routing/shell.tsx';
import '../../../shared/i18n/vehicles.texts.ts';

/** The vehicle screens' tabs: the plate log and the counts (links, so each has its address). */
export function VehicleTabs() {
  const { t } = useTranslation();
  const to = useShellPath();
  const tab = ({ isActive }: { isActive: boolean }) =>
    `rounded-t px-3 py-2 text-sm font-medium ${isActive ? 'border-b-2 border-blue-700 text-blue-800' : 'text-neutral-600 hover:text-neutral-900'}`;
  return (
    <nav aria-label={t('routes.vehicles')} className="mt-3 flex gap-2 border-b border-neutral-200">
      <NavLink end className={tab} to={to(paths.vehicles)}>
        {t('vehicles.log')}
      </NavLink>
      <NavLink className={tab} to={to(paths.vehicleCounts)}>
        {t('vehicles.counts')}
      </NavLink>
    </nav>
  );
}

import { SIDEBAR_WIDTH_PX } from '@vigil/contracts';
import { Link } from 'react-router';
import { paths } from '../../shared/config/paths.ts';
import { useTranslation } from '../../shared/i18n/use-translation.ts';
import { useShell, useShellPath } from '../../shared/routing/shell.tsx';
import { Icon } from '../../shared/ui/Icon.tsx';
import { Logo } from '../../shared/ui/Logo.tsx';
import { useLeave } from '../nav/use-leave.ts';
import { useNavEntries } from '../nav/use-nav.ts';
import { LegalLinks } from './LegalLinks.tsx';
import { NavEntry } from './NavEntry.tsx';

const ITEM =
  'flex shrink-0 flex-col items-center justify-center gap-1 rounded-lg px-1 py-2 text-center text-[11px] font-medium text-nav-faded hover:bg-white/10 hover:text-nav-text focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-white/60 aria-[current=page]:bg-white/15 aria-[current=page]:text-nav-text';

/**
 * The app layout's sidebar (spec 001 §2): main links, secondary links ending with log out (Exit in the demo),
 * footer links. 88 px wide beside the content; under 800 px PhoneMenu takes its place.
 */
export function Sidebar() {
  const { t } = useTranslation();
  const { brand, demo } = useShell();
  const link = useShellPath();
  const leave = useLeave();
  const { main, secondary } = useNavEntries();
  return (
    <aside
      className="sticky top-0 flex h-screen shrink-0 flex-col gap-2 overflow-y-auto bg-nav px-1.5 py-3"
      style={{ width: SIDEBAR_WIDTH_PX }}
      data-testid="sidebar"
    >
      <Link to={link(paths.root)} className="flex shrink-0 justify-center p-1" aria-label={brand.name}>
        <Logo name={brand.name} compact />
      </Link>
      <nav aria-label={t('nav.main')} className="flex flex-col gap-1">
        {main.map((r) => (
          <NavEntry key={r.id} route={r} className={ITEM} />
        ))}
      </nav>
      <div className="flex-1" />
      <nav aria-label={t('nav.secondary')} className="flex flex-col gap-1">
        {secondary.map((r) => (
          <NavEntry key={r.id} route={r} className={ITEM} />
        ))}
        <button type="button" onClick={() => void leave()} className={ITEM}>
          <Icon name="logout" />
          <span>{demo ? t('nav.exit') : t('nav.logOut')}</span>
        </button>
      </nav>
      <LegalLinks className="mt-2 flex-col text-center text-[11px] text-nav-faded" />
    </aside>
  );
}

import { HEADER_MOBILE_BREAKPOINT_PX } from '@vigil/contracts';
import { useState } from 'react';
import { Link, NavLink } from 'react-router';
import { paths } from '../../shared/config/paths.ts';
import { useTranslation } from '../../shared/i18n/use-translation.ts';
import { useMediaQuery } from '../../shared/platform/media.ts';
import { useShell, useShellPath } from '../../shared/routing/shell.tsx';
import { useSession } from '../../shared/session/store.ts';
import { Logo } from '../../shared/ui/Logo.tsx';
import { useLeave } from '../nav/use-leave.ts';
import { useNavEntries } from '../nav/use-nav.ts';

/**
 * Top navigation (spec 000 §2, spec 001 §2): the logo, routes flagged for the navbar that the account type may
 * open, and Sign out (Sign in when signed out); links collapse into a menu under 850 px.
 */
export function Header() {
  const { t } = useTranslation();
  const { brand, demo } = useShell();
  const session = useSession();
  const { navbar } = useNavEntries();
  const link = useShellPath();
  const leave = useLeave();
  const wide = useMediaQuery(`(min-width: ${HEADER_MOBILE_BREAKPOINT_PX}px)`);
  const [open, setOpen] = useState(false);
  const links = (
    <>
      {session &&
        navbar.map((r) => (
          <NavLink
            key={r.id}
            to={link(r.path)}
            className="rounded px-3 py-2 text-sm font-medium text-neutral-700 hover:bg-neutral-100 aria-[current=page]:text-accent-ink"
          >
            {t(`routes.${r.id}`)}
          </NavLink>
        ))}
      {session ? (
        <button
          type="button"
          onClick={() => void leave()}
          className="rounded px-3 py-2 text-left text-sm font-medium text-neutral-700 hover:bg-neutral-100"
        >
          {demo ? t('nav.exit') : t('nav.signOut')}
        </button>
      ) : (
        <Link
          to={paths.signIn}
          className="rounded bg-button px-3 py-2 text-sm font-medium text-button-text hover:bg-button/90"
        >
          {t('nav.signIn')}
        </Link>
      )}
    </>
  );
  return (
    <header className="border-b border-neutral-200 bg-white">
      <div className="mx-auto flex h-16 max-w-[1200px] items-center justify-between gap-4 px-4">
        <Link to={link(paths.root)} aria-label={brand.name}>
          <Logo name={brand.name} />
        </Link>
        {wide ? (
          <nav aria-label={t('nav.main')} className="flex items-center gap-1">
            {links}
          </nav>
        ) : (
          <button
            type="button"
            aria-expanded={open}
            aria-controls="header-menu"
            onClick={() => setOpen((v) => !v)}
            className="rounded px-3 py-2 text-sm font-medium text-neutral-700 hover:bg-neutral-100"
          >
            {open ? t('nav.closeMenu') : t('nav.menu')}
          </button>
        )}
      </div>
      {!wide && open && (
        <nav
          id="header-menu"
          aria-label={t('nav.main')}
          className="flex flex-col border-t border-neutral-200 p-2"
        >
          {links}
        </nav>
      )}
    </header>
  );
}

import { type RefObject, useCallback, useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useLocation } from 'react-router';
import { paths } from '../../shared/config/paths.ts';
import { useMobileHeaderTitle } from '../../shared/platform/mobile-header.tsx';
import { useShell, useShellPath } from '../../shared/routing/shell.tsx';
import { Icon } from '../../shared/ui/Icon.tsx';
import { Logo } from '../../shared/ui/Logo.tsx';
import { useLeave } from '../nav/use-leave.ts';
import { useNavEntries } from '../nav/use-nav.ts';
import { LegalLinks } from './LegalLinks.tsx';
import { NavEntry } from './NavEntry.tsx';

/** The phone bar's height: the logo, the page's title and the menu button on one row (decision 0761). */
export const PHONE_BAR_HEIGHT_PX = 48;

const ENTRY =
  'flex min-h-12 items-center gap-3 rounded-lg px-3 py-2 text-sm font-medium text-nav-faded hover:bg-white/10 hover:text-nav-text focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-white/60 aria-[current=page]:bg-white/15 aria-[current=page]:text-nav-text';

/**
 * The sidebar in a phone browser (under 800 px, outside the mobile app; decision 0761): a bar with the logo, the
 * page's title and a Menu button that opens every sidebar entry, log out (Exit in the demo) included, as a list
 * over the page. Escape, a tap outside or a navigation closes it; focus goes into it on opening and back to the
 * button on Escape.
 */
export function PhoneMenu() {
  const { t } = useTranslation();
  const { brand } = useShell();
  const link = useShellPath();
  const title = useMobileHeaderTitle();
  const { pathname } = useLocation();
  // Open on the path where it was opened: a navigation closes it without an effect.
  const [openOn, setOpenOn] = useState<string | undefined>(undefined);
  const open = openOn === pathname;
  const close = useCallback(() => setOpenOn(undefined), []);
  const button = useRef<HTMLButtonElement>(null);
  return (
    <header
      className="sticky top-0 z-30 flex items-center gap-2 bg-nav px-2 text-nav-text"
      style={{ height: PHONE_BAR_HEIGHT_PX }}
      data-testid="sidebar"
    >
      <Link to={link(paths.root)} className="flex shrink-0 p-1" aria-label={brand.name}>
        <Logo name={brand.name} compact />
      </Link>
      <p className="min-w-0 flex-1 truncate font-semibold">{title}</p>
      <button
        ref={button}
        type="button"
        aria-expanded={open}
        aria-controls="phone-menu"
        onClick={() => setOpenOn(open ? undefined : pathname)}
        className="flex h-11 items-center gap-2 rounded-lg px-3 text-sm font-medium hover:bg-white/10 focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-white/60"
      >
        <svg
          viewBox="0 0 24 24"
          className="h-5 w-5"
          fill="none"
          stroke="currentColor"
          strokeWidth="2"
          aria-hidden="true"
        >
          <path d={open ? 'M6 6l12 12M18 6L6 18' : 'M4 7h16M4 12h16M4 17h16'} />
        </svg>
        {open ? t('nav.closeMenu') : t('nav.menu')}
      </button>
      {open && <MenuPanel button={button} close={close} />}
    </header>
  );
}

/** The open menu: focus inside on opening; Escape (focus back to the button) or a tap outside closes it. */
function MenuPanel({ button, close }: { button: RefObject<HTMLButtonElement | null>; close: () => void }) {
  const { t } = useTranslation();
  const { demo } = useShell();
  const leave = useLeave();
  const { main, secondary } = useNavEntries();
  const panel = useRef<HTMLDivElement>(null);
  useEffect(() => {
    panel.current?.querySelector<HTMLElement>('a, button')?.focus();
    const onKey = (e: KeyboardEvent) => {
      if (e.key !== 'Escape') return;
      close();
      button.current?.focus();
    };
    const onPointer = (e: PointerEvent) => {
      const target = e.target as Node;
      if (!panel.current?.contains(target) && !button.current?.contains(target)) close();
    };
    document.addEventListener('keydown', onKey);
    document.addEventListener('pointerdown', onPointer);
    return () => {
      document.removeEventListener('keydown', onKey);
      document.removeEventListener('pointerdown', onPointer);
    };
  }, [button, close]);
  return (
    <div
      id="phone-menu"
      ref={panel}
      className="absolute inset-x-0 top-full max-h-[calc(100dvh-48px)] overflow-y-auto bg-nav p-2 shadow-2xl"
    >
      <nav aria-label={t('nav.main')} className="grid grid-cols-2 gap-1">
        {main.map((r) => (
          <NavEntry key={r.id} route={r} className={ENTRY} onNavigate={close} />
        ))}
      </nav>
      <nav
        aria-label={t('nav.secondary')}
        className="mt-2 grid grid-cols-2 gap-1 border-t border-white/15 pt-2"
      >
        {secondary.map((r) => (
          <NavEntry key={r.id} route={r} className={ENTRY} onNavigate={close} />
        ))}
        <button type="button" onClick={() => void leave()} className={`${ENTRY} text-left`}>
          <Icon name="logout" />
          <span>{demo ? t('nav.exit') : t('nav.logOut')}</span>
        </button>
      </nav>
      <LegalLinks className="mt-2 flex gap-3 px-3 py-2 text-xs text-neutral-300" />
    </div>
  );
}

import { lazy, Suspense, useCallback, useEffect, useRef, useState } from 'react';
import { Link, useLocation } from 'react-router';
import { paths } from '../../shared/config/paths.ts';
import { useTranslation } from '../../shared/i18n/use-translation.ts';
import { useMobileHeaderTitle } from '../../shared/platform/mobile-header.tsx';
import { useShell, useShellPath } from '../../shared/routing/shell.tsx';
import { Logo } from '../../shared/ui/Logo.tsx';

/** The phone bar's height: the logo, the page's title and the menu button on one row (decision 0761). */
export const PHONE_BAR_HEIGHT_PX = 48;

// The open panel and its library load when the bar shows, not with the page (decision 0880).
const loadPanel = () => import('./PhoneMenuPanel.tsx');
const PhoneMenuPanel = lazy(loadPanel);

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
  useEffect(() => {
    void loadPanel();
  }, []);
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
      {open && (
        // The placeholder keeps the button's aria-controls pointing at something while the panel loads.
        <Suspense fallback={<div id="phone-menu" />}>
          <PhoneMenuPanel button={button} close={close} />
        </Suspense>
      )}
    </header>
  );
}

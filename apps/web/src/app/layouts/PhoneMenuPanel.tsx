import { DismissableLayer } from '@radix-ui/react-dismissable-layer';
import { type RefObject, useEffect, useRef } from 'react';
import { useTranslation } from '../../shared/i18n/use-translation.ts';
import { useShell } from '../../shared/routing/shell.tsx';
import { Icon } from '../../shared/ui/Icon.tsx';
import { useLeave } from '../nav/use-leave.ts';
import { useNavEntries } from '../nav/use-nav.ts';
import { LegalLinks } from './LegalLinks.tsx';
import { NavEntry } from './NavEntry.tsx';

const ENTRY =
  'flex min-h-12 items-center gap-3 rounded-lg px-3 py-2 text-sm font-medium text-nav-faded hover:bg-white/10 hover:text-nav-text focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-white/60 aria-[current=page]:bg-white/15 aria-[current=page]:text-nav-text';

/**
 * The open phone menu, on Radix's dismissable layer (decision 0880): focus inside on opening; Escape (focus back
 * to the button) or a tap outside closes it; a tap on the button is the button's toggle. Loaded when the bar shows,
 * not with the page (the signed-in layout is in /cameras' first load).
 */
export default function PhoneMenuPanel({
  button,
  close,
}: {
  button: RefObject<HTMLButtonElement | null>;
  close: () => void;
}) {
  const { t } = useTranslation();
  const { demo } = useShell();
  const leave = useLeave();
  const { main, secondary } = useNavEntries();
  const panel = useRef<HTMLDivElement>(null);
  useEffect(() => {
    panel.current?.querySelector<HTMLElement>('a, button')?.focus();
  }, []);
  return (
    <DismissableLayer
      id="phone-menu"
      ref={panel}
      className="absolute inset-x-0 top-full max-h-[calc(100dvh-48px)] overflow-y-auto bg-nav p-2 shadow-2xl"
      onEscapeKeyDown={(e) => {
        e.preventDefault();
        close();
        button.current?.focus();
      }}
      onPointerDownOutside={(e) => {
        e.preventDefault();
        if (!button.current?.contains(e.target as Node)) close();
      }}
      onFocusOutside={(e) => e.preventDefault()}
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
    </DismissableLayer>
  );
}

import { useState } from 'react';
import { useTranslation } from '../../shared/i18n/use-translation.ts';
import { useShell } from '../../shared/routing/shell.tsx';
import { Icon } from '../../shared/ui/Icon.tsx';
import { useLeave } from '../nav/use-leave.ts';
import { useNavEntries } from '../nav/use-nav.ts';
import { LegalLinks } from './LegalLinks.tsx';
import { NavEntry } from './NavEntry.tsx';

/** How many main entries get their own tab; the rest, and the secondary entries, are under More. */
export const BOTTOM_TABS = 4;

const TAB =
  'flex flex-1 flex-col items-center justify-center gap-0.5 py-1.5 text-[11px] font-medium text-neutral-600 aria-[current=page]:text-accent-ink';

/** In the mobile app the sidebar becomes a bottom tab bar with a More tab (spec 000 §1). */
export function BottomTabs() {
  const { t } = useTranslation();
  const { demo } = useShell();
  const leave = useLeave();
  const { main, secondary } = useNavEntries();
  const [moreOpen, setMoreOpen] = useState(false);
  const tabs = main.slice(0, BOTTOM_TABS);
  const more = [...main.slice(BOTTOM_TABS), ...secondary];
  const close = () => setMoreOpen(false);
  return (
    <>
      {moreOpen && (
        <div
          id="more-sheet"
          className="fixed inset-x-0 bottom-[60px] z-20 max-h-[70vh] overflow-y-auto border-t border-neutral-200 bg-white p-2 shadow-2xl"
        >
          <nav aria-label={t('nav.more')} className="flex flex-col">
            {more.map((r) => (
              <NavEntry
                key={r.id}
                route={r}
                onNavigate={close}
                className="flex items-center gap-3 rounded-lg px-3 py-3 text-neutral-800 hover:bg-neutral-100 aria-[current=page]:text-accent-ink"
              />
            ))}
            <button
              type="button"
              onClick={() => void leave()}
              className="flex items-center gap-3 rounded-lg px-3 py-3 text-left text-neutral-800 hover:bg-neutral-100"
            >
              <Icon name="logout" />
              {demo ? t('nav.exit') : t('nav.logOut')}
            </button>
          </nav>
          <LegalLinks className="px-3 py-2 text-sm text-neutral-600" />
        </div>
      )}
      <nav
        aria-label={t('nav.main')}
        className="fixed inset-x-0 bottom-0 z-20 flex h-[60px] border-t border-neutral-200 bg-white"
        data-testid="bottom-tabs"
      >
        {tabs.map((r) => (
          <NavEntry key={r.id} route={r} className={TAB} onNavigate={close} />
        ))}
        <button
          type="button"
          aria-expanded={moreOpen}
          aria-controls="more-sheet"
          onClick={() => setMoreOpen((v) => !v)}
          className={TAB}
        >
          <Icon name="more" />
          {t('nav.more')}
        </button>
      </nav>
    </>
  );
}

import { SIDEBAR_MOBILE_BREAKPOINT_PX } from '@vigil/contracts';
import type { ReactNode } from 'react';
import { useMediaQuery } from '../../shared/platform/media.ts';
import { useShell } from '../../shared/routing/shell.tsx';
import { DemoNotice } from '../demo/DemoNotice.tsx';
import { BottomTabs } from './BottomTabs.tsx';
import { MobileHeader } from './MobileHeader.tsx';
import { PhoneMenu } from './PhoneMenu.tsx';
import { Sidebar } from './Sidebar.tsx';

/**
 * The signed-in frame (spec 001 §2): sidebar, the demo's notice (with the closable banner in it), content. Under
 * 800 px the sidebar is a bar with a menu (PhoneMenu); in the mobile app the app header is on top and the
 * navigation is a bottom tab bar.
 */
export function AppLayout({ children }: { children: ReactNode }) {
  const { app, demo } = useShell();
  const wide = useMediaQuery(`(min-width: ${SIDEBAR_MOBILE_BREAKPOINT_PX}px)`);
  if (app)
    return (
      <div className="flex min-h-full flex-col pb-[60px]">
        <MobileHeader />
        {demo && <DemoNotice />}
        <main id="content" className="flex flex-1 flex-col">
          {children}
        </main>
        <BottomTabs />
      </div>
    );
  return (
    <div className={wide ? 'flex min-h-full' : 'flex min-h-full flex-col'}>
      {wide ? <Sidebar /> : <PhoneMenu />}
      <div className="flex min-w-0 flex-1 flex-col">
        {demo && <DemoNotice />}
        <main id="content" className="flex flex-1 flex-col">
          {children}
        </main>
      </div>
    </div>
  );
}

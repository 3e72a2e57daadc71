import type { ReactNode } from 'react';
import { useShell } from '../../shared/routing/shell.tsx';
import { Footer } from './Footer.tsx';
import { Header } from './Header.tsx';
import { MobileHeader } from './MobileHeader.tsx';

/** Header and footer around the page; in the mobile app both are hidden and the app header shows instead. */
export function HeaderFooterLayout({ children }: { children: ReactNode }) {
  const { app } = useShell();
  return (
    <div className="flex min-h-full flex-col">
      {app ? <MobileHeader /> : <Header />}
      <main id="content" className="flex flex-1 flex-col">
        {children}
      </main>
      {!app && <Footer />}
    </div>
  );
}

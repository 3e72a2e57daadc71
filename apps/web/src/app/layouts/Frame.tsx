import { type ReactNode, Suspense } from 'react';
import { useLocation, useNavigate } from 'react-router';
import { paths } from '../../shared/config/paths.ts';
import { useShell, useShellPath } from '../../shared/routing/shell.tsx';
import type { LayoutKind } from '../../shared/routing/types.ts';
import { LoadingScreen } from '../../shared/ui/LoadingScreen.tsx';
import { AppErrorBoundary } from '../errors/AppErrorBoundary.tsx';
import { reportError } from '../services.ts';
import { AppLayout } from './AppLayout.tsx';
import { FullscreenLayout } from './FullscreenLayout.tsx';
import { HeaderFooterLayout } from './HeaderFooterLayout.tsx';

/** A page inside its layout; a crash or a failed chunk load stays inside the frame, and navigating resets it. */
export function Frame({ layout, children }: { layout: LayoutKind; children: ReactNode }) {
  const { app } = useShell();
  const location = useLocation();
  const navigate = useNavigate();
  const link = useShellPath();
  const page = (
    <AppErrorBoundary
      app={app}
      report={reportError}
      resetKey={location.pathname}
      onHome={() => void navigate(link(paths.root))}
    >
      <Suspense fallback={<LoadingScreen />}>{children}</Suspense>
    </AppErrorBoundary>
  );
  switch (layout) {
    case 'app':
      return <AppLayout>{page}</AppLayout>;
    case 'headerFooter':
      return <HeaderFooterLayout>{page}</HeaderFooterLayout>;
    case 'fullscreen':
      return <FullscreenLayout>{page}</FullscreenLayout>;
    case 'none':
      return (
        <main id="content" className="flex min-h-full flex-col">
          {page}
        </main>
      );
  }
}

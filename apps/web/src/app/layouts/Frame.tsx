import { lazy, type ReactNode, Suspense } from 'react';
import { useLocation, useNavigate } from 'react-router';
import { paths } from '../../shared/config/paths.ts';
import { useShell, useShellPath } from '../../shared/routing/shell.tsx';
import type { LayoutKind } from '../../shared/routing/types.ts';
import { LoadingScreen } from '../../shared/ui/LoadingScreen.tsx';
import { AppErrorBoundary } from '../errors/AppErrorBoundary.tsx';
import { reportError } from '../services.ts';
import { FullscreenLayout } from './FullscreenLayout.tsx';
import { loadAppLayout, loadHeaderFooterLayout } from './load-layouts.ts';

// The signed-in app's layout (sidebar, tabs, phone menu, their icons) and the site's header and footer are chunks of
// their own: the sign-in page, in the full-screen layout, loads neither (decision 0860).
const AppLayout = lazy(() => loadAppLayout().then((m) => ({ default: m.AppLayout })));
const HeaderFooterLayout = lazy(() =>
  loadHeaderFooterLayout().then((m) => ({ default: m.HeaderFooterLayout })),
);

/** A page inside its layout; a crash or a failed chunk load stays inside the frame, and navigating resets it. */
export function Frame({ layout, children }: { layout: LayoutKind; children: ReactNode }) {
  const { app } = useShell();
  const location = useLocation();
  const navigate = useNavigate();
  const link = useShellPath();
  const guarded = (content: ReactNode) => (
    <AppErrorBoundary
      app={app}
      report={reportError}
      resetKey={location.pathname}
      onHome={() => void navigate(link(paths.root))}
    >
      <Suspense fallback={<LoadingScreen />}>{content}</Suspense>
    </AppErrorBoundary>
  );
  const page = guarded(children);
  // A lazy layout's chunk can fail to load too (a new release replaced it): the same message, without the frame.
  switch (layout) {
    case 'app':
      return guarded(<AppLayout>{page}</AppLayout>);
    case 'headerFooter':
      return guarded(<HeaderFooterLayout>{page}</HeaderFooterLayout>);
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

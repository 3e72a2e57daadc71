import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { useEffect, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { BrowserRouter } from 'react-router';
import { NetworkErrorPage } from '../features/network/NetworkErrorPage.tsx';
import type { Brand } from '../shared/config/brand.ts';
import { useNetworkError } from '../shared/platform/network.ts';
import { ShellProvider } from '../shared/routing/shell.tsx';
import { type SessionActions, SessionActionsProvider } from '../shared/session/actions.tsx';
import { LoadingScreen } from '../shared/ui/LoadingScreen.tsx';
import { AppRoutes } from './router.tsx';
import { getLifecycle, logAppStart } from './services.ts';

const queryClient = new QueryClient({
  defaultOptions: { queries: { retry: 1, refetchOnWindowFocus: false } },
});

let booting: Promise<void> | undefined;
/** The session check runs once per page load, whatever React does with effects. */
const bootOnce = () => {
  booting ??= getLifecycle()
    .boot()
    .then(() => logAppStart('start'));
  return booting;
};

/**
 * App start (spec 000 §4): loading, the session check, then the routes. The connectivity screen replaces every
 * page while the network-error flag is up.
 */
export function App({ brand, app }: { brand: Brand; app: boolean }) {
  const { t } = useTranslation();
  const [booted, setBooted] = useState(false);
  const networkError = useNetworkError();
  useEffect(() => {
    void bootOnce().finally(() => setBooted(true));
  }, []);
  const actions = useMemo<SessionActions>(() => {
    const lifecycle = getLifecycle();
    return {
      signedIn: (result, remember) => {
        lifecycle.signedIn(result, remember);
        logAppStart('signin');
      },
      signOut: () => lifecycle.signOut(),
      refreshAccount: () => lifecycle.refreshAccount(),
    };
  }, []);
  const shell = useMemo(() => ({ brand, app, demo: false }), [brand, app]);

  if (networkError) return <NetworkErrorPage />;
  return (
    <QueryClientProvider client={queryClient}>
      <ShellProvider value={shell}>
        <SessionActionsProvider value={actions}>
          <a
            href="#content"
            className="sr-only focus:not-sr-only focus:absolute focus:left-2 focus:top-2 focus:z-50 focus:rounded focus:bg-white focus:px-3 focus:py-2"
          >
            {t('app.skipToContent')}
          </a>
          {booted ? (
            <BrowserRouter>
              <AppRoutes />
            </BrowserRouter>
          ) : (
            <LoadingScreen />
          )}
        </SessionActionsProvider>
      </ShellProvider>
    </QueryClientProvider>
  );
}

import { DEMO_ROUTE_PREFIX } from '@vigil/contracts';
import { useEffect, useMemo, useState } from 'react';
import { BrowserRouter } from 'react-router';
import { NetworkErrorPage } from '../features/network/NetworkErrorPage.tsx';
import type { Brand } from '../shared/config/brand.ts';
import { paths } from '../shared/config/paths.ts';
import { useTranslation } from '../shared/i18n/use-translation.ts';
import { useNetworkError } from '../shared/platform/network.ts';
import { ShellProvider } from '../shared/routing/shell.tsx';
import { type SessionActions, SessionActionsProvider } from '../shared/session/actions.tsx';
import { sessionStore } from '../shared/session/store.ts';
import { STORAGE_KEYS } from '../shared/storage/local.ts';
import { LoadingScreen } from '../shared/ui/LoadingScreen.tsx';
import { loadAppLayout } from './layouts/load-layouts.ts';
import { loadQueryClient } from './queries/Queries.tsx';
import { AppRoutes } from './router.tsx';
import { FLAT_ROUTES } from './routes/flat-routes.ts';
import { preloadScreen } from './routes/screens.tsx';
import { getLifecycle, logAppStart } from './services.ts';

const signIn = FLAT_ROUTES.find((r) => r.id === 'signIn');
/** Where a signed-out person sees the sign-in page (the root sends them there). */
const SIGN_IN = new Set([paths.root, signIn?.path, ...(signIn?.aliases ?? [])]);

/** What signed-in pages need beyond the first page's code, started early so that screens seldom wait for it. */
function preloadSignedIn(): void {
  void loadQueryClient();
  void loadAppLayout();
}

let booting: Promise<void> | undefined;
/** The session check runs once per page load, whatever React does with effects. */
const bootOnce = () => {
  // Every page but sign-in reads the server: its query cache loads beside the session check (decision 0860).
  if (sessionStore.get()) preloadSignedIn();
  else if (!SIGN_IN.has(location.pathname)) void loadQueryClient();
  // The screen of the address loads during the session check, not after it (decision 0863).
  // (A stored login, read before the check loads it: a signed-out visitor's address leads to sign-in anyway.)
  const stored = localStorage.getItem(STORAGE_KEYS.login) ?? sessionStorage.getItem(STORAGE_KEYS.login);
  if (!booting && (stored || location.pathname.startsWith(DEMO_ROUTE_PREFIX)))
    preloadScreen(location.pathname);
  booting ??= getLifecycle()
    .boot()
    .then(() => {
      if (sessionStore.get()) preloadSignedIn();
      logAppStart('start');
    });
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
        preloadSignedIn();
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
  );
}

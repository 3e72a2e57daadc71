import { useEffect } from 'react';
import { Navigate, useLocation } from 'react-router';
import { paths } from '../../shared/config/paths.ts';
import type { FlatRoute } from '../../shared/routing/access.ts';
import { defaultPathOf } from '../../shared/routing/match.ts';
import { useShell, useShellPath } from '../../shared/routing/shell.tsx';
import { useSession } from '../../shared/session/store.ts';
import { FLAT_ROUTES } from './flat-routes.ts';
import { LoggedInRedirect } from './LoggedInRedirect.tsx';
import { Screen } from './screens.tsx';

/** What an allowed route shows: its screen, or its redirect (keeping the query), or an external page. */
export function RouteElement({ route }: { route: FlatRoute }) {
  const location = useLocation();
  const link = useShellPath();
  if (route.id === 'root') return <RootRedirect />;
  if (route.redirect) return <Navigate to={link(route.redirect) + location.search} replace />;
  if (route.external) return <ExternalRoute route={route} />;
  if (!route.screen)
    return <Navigate to={link(defaultPathOf(route, FLAT_ROUTES)) + location.search} replace />;
  return <Screen route={route} />;
}

/** The root: sign-in when signed out, the redirect order when signed in, cameras in the demo (spec 000 §2). */
function RootRedirect() {
  const { demo } = useShell();
  const session = useSession();
  const location = useLocation();
  const link = useShellPath();
  if (demo) return <Navigate to={link(paths.cameras)} replace />;
  if (!session) return <Navigate to={paths.signIn + location.search} replace />;
  return <LoggedInRedirect />;
}

declare global {
  interface Window {
    /** The mobile app wrapper's message channel. */
    ReactNativeWebView?: { postMessage: (message: string) => void };
  }
}

/** Product updates open outside the app; change-icon and reset-icon ask the mobile app to do it. */
function ExternalRoute({ route }: { route: FlatRoute }) {
  const { brand } = useShell();
  const link = useShellPath();
  const url = route.external === 'productUpdates' ? brand.productUpdatesUrl : undefined;
  useEffect(() => {
    if (url) location.replace(url);
    else window.ReactNativeWebView?.postMessage(JSON.stringify({ type: route.external }));
  }, [url, route.external]);
  return url ? null : <Navigate to={link(paths.account)} replace />;
}

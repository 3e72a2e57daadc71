import { useEffect } from 'react';
import { Navigate, useLocation } from 'react-router';
import { paths } from '../../shared/config/paths.ts';
import { loggedInRedirect } from '../../shared/routing/match.ts';
import { useAccessContext, useShellPath } from '../../shared/routing/shell.tsx';
import { peekReturnPath, takeReturnPath } from '../../shared/session/return-path.ts';
import { Frame } from '../layouts/Frame.tsx';
import { FLAT_ROUTES } from './flat-routes.ts';
import { Screen } from './screens.tsx';

const ROOT = FLAT_ROUTES.find((r) => r.id === 'root')!;

/** Sends a signed-in user on, by the redirect order of spec 000 §2. */
export function LoggedInRedirect() {
  const ctx = useAccessContext();
  const location = useLocation();
  const link = useShellPath();
  const from = (location.state as { from?: string } | null)?.from;
  const returnPath = peekReturnPath();
  const to = loggedInRedirect(
    FLAT_ROUTES,
    ctx,
    { from, returnPath },
    {
      portal: paths.manage,
      cameras: paths.cameras,
      orders: paths.orders,
      root: paths.root,
      getStarted: paths.getStarted,
    },
  );
  useEffect(() => {
    if (returnPath) takeReturnPath();
  }, [returnPath]);
  // Nothing else is open to this account: the root stays, framed, rather than redirecting to itself.
  if (to === paths.root)
    return (
      <Frame layout="app">
        <Screen route={{ ...ROOT, screen: 'placeholder' }} />
      </Frame>
    );
  return <Navigate to={link(to)} replace />;
}

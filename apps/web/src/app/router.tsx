import { createBrowserRouter, Navigate, type RouteObject } from 'react-router';
import { HomePlaceholder } from '../features/auth/components/HomePlaceholder.tsx';
import { SignInPage } from '../features/auth/components/SignInPage.tsx';
import { useSession } from '../features/auth/session-store.ts';

function RequireSession({ children }: { children: React.ReactNode }) {
  const session = useSession();
  if (!session) return <Navigate to="/sign-in" replace state={{ from: window.location.pathname }} />;
  return children;
}

export const routes: RouteObject[] = [
  { path: '/sign-in', element: <SignInPage /> },
  {
    path: '/',
    element: (
      <RequireSession>
        <HomePlaceholder />
      </RequireSession>
    ),
  },
  { path: '*', element: <Navigate to="/" replace /> },
];

export const createRouter = () => createBrowserRouter(routes);

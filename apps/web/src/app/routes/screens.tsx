import { lazy } from 'react';
import type { FlatRoute } from '../../shared/routing/access.ts';

// Each screen is its own chunk, loaded when its route is first opened.
const SignInPage = lazy(() =>
  import('../../features/auth/components/SignInPage.tsx').then((m) => ({ default: m.SignInPage })),
);
const RegisterPage = lazy(() =>
  import('../../features/auth/components/RegisterPage.tsx').then((m) => ({ default: m.RegisterPage })),
);
const ForgotPasswordPage = lazy(() =>
  import('../../features/auth/components/ForgotPasswordPage.tsx').then((m) => ({
    default: m.ForgotPasswordPage,
  })),
);
const ResetPasswordPage = lazy(() =>
  import('../../features/auth/components/ResetPasswordPage.tsx').then((m) => ({
    default: m.ResetPasswordPage,
  })),
);
const PermissionLevelsPage = lazy(() =>
  import('../../features/auth/components/PermissionLevelsPage.tsx').then((m) => ({
    default: m.PermissionLevelsPage,
  })),
);
const PlaybackPage = lazy(() =>
  import('../../features/recordings/playback/PlaybackPage.tsx').then((m) => ({ default: m.PlaybackPage })),
);
const SharedVideoPage = lazy(() =>
  import('../../features/recordings/share/SharedVideoPage.tsx').then((m) => ({ default: m.SharedVideoPage })),
);
const PlaceholderPage = lazy(() =>
  import('../../features/placeholders/PlaceholderPage.tsx').then((m) => ({ default: m.PlaceholderPage })),
);

/** The screen of a route, by the screen id the route table names. */
export function Screen({ route }: { route: FlatRoute }) {
  switch (route.screen) {
    case 'signIn':
      return <SignInPage />;
    case 'register':
      return <RegisterPage />;
    case 'forgotPassword':
      return <ForgotPasswordPage />;
    case 'resetPassword':
      return <ResetPasswordPage />;
    case 'permissionLevels':
      return <PermissionLevelsPage />;
    case 'playback':
      return <PlaybackPage />;
    case 'shared':
      return <SharedVideoPage />;
    default:
      return <PlaceholderPage routeId={route.id} />;
  }
}

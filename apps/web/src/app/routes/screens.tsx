import { lazy, type ReactNode } from 'react';
import type { FlatRoute } from '../../shared/routing/access.ts';
import { isTakeawayUser } from '../../shared/routing/access.ts';
import { findRoute } from '../../shared/routing/match.ts';
import { useAccessContext } from '../../shared/routing/shell.tsx';
import { Queries } from '../queries/Queries.tsx';
import { FLAT_ROUTES } from './flat-routes.ts';
import { preloadable } from './preloadable.ts';

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
const VerifyEmailPage = lazy(() =>
  import('../../features/auth/components/VerifyEmailPage.tsx').then((m) => ({
    default: m.VerifyEmailPage,
  })),
);
const PermissionLevelsPage = lazy(() =>
  import('../../features/auth/components/PermissionLevelsPage.tsx').then((m) => ({
    default: m.PermissionLevelsPage,
  })),
);
const AcceptInvitePage = lazy(() =>
  import('../../features/members/components/AcceptInvitePage.tsx').then((m) => ({
    default: m.AcceptInvitePage,
  })),
);
const MembersPage = lazy(() =>
  import('../../features/members/components/MembersPage.tsx').then((m) => ({ default: m.MembersPage })),
);
const NewMemberPage = lazy(() =>
  import('../../features/members/components/NewMemberPage.tsx').then((m) => ({ default: m.NewMemberPage })),
);
const EditMemberPage = lazy(() =>
  import('../../features/members/components/EditMemberPage.tsx').then((m) => ({ default: m.EditMemberPage })),
);
const CameraGroupsPage = lazy(() =>
  import('../../features/camera-groups/components/CameraGroupsPage.tsx').then((m) => ({
    default: m.CameraGroupsPage,
  })),
);
const NewGroupPage = lazy(() =>
  import('../../features/camera-groups/components/NewGroupPage.tsx').then((m) => ({
    default: m.NewGroupPage,
  })),
);
const EditGroupPage = lazy(() =>
  import('../../features/camera-groups/components/EditGroupPage.tsx').then((m) => ({
    default: m.EditGroupPage,
  })),
);
const SsoStartPage = lazy(() =>
  import('../../features/sso/components/SsoStartPage.tsx').then((m) => ({ default: m.SsoStartPage })),
);
const SsoEndPage = lazy(() =>
  import('../../features/sso/components/SsoEndPage.tsx').then((m) => ({ default: m.SsoEndPage })),
);
const SsoConvertEndPage = lazy(() =>
  import('../../features/sso/components/SsoConvertEndPage.tsx').then((m) => ({
    default: m.SsoConvertEndPage,
  })),
);
const AccountScreen = lazy(() => import('./account-screen.tsx').then((m) => ({ default: m.AccountScreen })));
const CamerasPage = preloadable<{ forceGrid?: boolean }>(() =>
  import('../../features/cameras/components/CamerasPage.tsx').then((m) => ({ default: m.CamerasPage })),
);
const CameraSettingsScreen = lazy(() =>
  import('./camera-settings-screen.tsx').then((m) => ({ default: m.CameraSettingsScreen })),
);
const SettingsListPage = lazy(() =>
  import('../../features/camera-settings/components/SettingsListPage.tsx').then((m) => ({
    default: m.SettingsListPage,
  })),
);
const CameraScreen = lazy(() => import('./camera-screen.tsx').then((m) => ({ default: m.CameraScreen })));
const LayoutPage = lazy(() =>
  import('../../features/cameras/components/LayoutPage.tsx').then((m) => ({ default: m.LayoutPage })),
);
const PresentationPage = lazy(() =>
  import('../../features/cameras/components/PresentationPage.tsx').then((m) => ({
    default: m.PresentationPage,
  })),
);
const InstallPage = lazy(() =>
  import('../../features/install/components/InstallPage.tsx').then((m) => ({ default: m.InstallPage })),
);
const VehiclesPage = lazy(() =>
  import('../../features/vehicles/components/VehiclesPage.tsx').then((m) => ({ default: m.VehiclesPage })),
);
const PpePage = lazy(() =>
  import('../../features/ppe/components/PpePage.tsx').then((m) => ({ default: m.PpePage })),
);
const PeopleCountsPage = lazy(() =>
  import('../../features/people/components/PeopleCountsPage.tsx').then((m) => ({
    default: m.PeopleCountsPage,
  })),
);
const VehicleCountsPage = lazy(() =>
  import('../../features/vehicles/components/VehicleCountsPage.tsx').then((m) => ({
    default: m.VehicleCountsPage,
  })),
);
const PlatePage = lazy(() =>
  import('../../features/vehicles/components/PlatePage.tsx').then((m) => ({ default: m.PlatePage })),
);
const EventsPage = preloadable<object>(() =>
  import('../../features/events/components/EventsPage.tsx').then((m) => ({ default: m.EventsPage })),
);
const DashboardScreen = preloadable<object>(() =>
  import('./dashboard-screen.tsx').then((m) => ({ default: m.DashboardScreen })),
);
const PlaybackPage = preloadable<object>(() =>
  import('../../features/recordings/playback/PlaybackPage.tsx').then((m) => ({ default: m.PlaybackPage })),
);
const SharedVideoPage = lazy(() =>
  import('../../features/recordings/share/SharedVideoPage.tsx').then((m) => ({ default: m.SharedVideoPage })),
);
const VerifyPage = lazy(() =>
  import('../../features/evidence/components/VerifyPage.tsx').then((m) => ({ default: m.VerifyPage })),
);
// The takeaway screens (decisions 0840–0842): one chunk for the feature.
const TakeawayScreen = lazy(() =>
  import('./takeaway-screens.tsx').then((m) => ({ default: m.TakeawayScreen })),
);
const BillingScreen = lazy(() => import('./billing-screens.tsx').then((m) => ({ default: m.BillingScreen })));
// The partner portal, support and health screens (decision 0720): one chunk for the feature.
const partnerScreens = () => import('./partner-screens.tsx');
const PartnerScreen = lazy(() => partnerScreens().then((m) => ({ default: m.PartnerScreen })));
// Brands (decision 0820): support's brand management, and the brand's terms and privacy documents.
const BrandsPage = lazy(() =>
  import('../../features/brands/components/BrandsPage.tsx').then((m) => ({ default: m.BrandsPage })),
);
const LegalPage = lazy(() =>
  import('../../features/brands/components/LegalPage.tsx').then((m) => ({ default: m.LegalPage })),
);
const PlaceholderPage = lazy(() =>
  import('../../features/placeholders/PlaceholderPage.tsx').then((m) => ({ default: m.PlaceholderPage })),
);

/** The screens people land on, fetched during the session check when the address is theirs (decision 0863). */
const LANDINGS: Record<string, { preload: () => Promise<unknown> }> = {
  cameras: CamerasPage,
  cameraGrid: CamerasPage,
  events: EventsPage,
  dashboard: DashboardScreen,
  playback: PlaybackPage,
};

/** Starts loading the screen of `pathname` (the demo's prefix aside), when it is a landing screen. */
export function preloadScreen(pathname: string): void {
  const screen = findRoute(FLAT_ROUTES, pathname.replace(/^\/demo(?=\/)/, ''))?.screen;
  if (screen) void LANDINGS[screen]?.preload().catch(() => undefined);
}

/** Screens of features that choose among their own screens in one chunk: billing (0741), partners (0720). */
function featureScreen(route: FlatRoute) {
  switch (route.screen) {
    case 'getStarted':
    case 'quote':
    case 'payment':
    case 'registerSuccess':
    case 'newPricing':
    case 'plan':
    case 'billing':
    case 'aiTraining':
    case 'demoConsent':
    case 'paypalConfirm':
    case 'priceLists':
      return <BillingScreen screen={route.screen} />;
    case 'orders':
    case 'order':
      return <TakeawayScreen screen={route.screen} />;
    case 'partnerPortal':
    case 'customerNew':
    case 'customer':
    case 'supportSearch':
    case 'supportAccount':
    case 'supportInstallers':
    case 'supportInstaller':
    case 'partnerInstaller':
    case 'supportTools':
    case 'health':
      return <PartnerScreen screen={route.screen} routeId={route.id} />;
    case 'supportBrands':
      return <BrandsPage />;
    case 'people':
      return <PeopleCountsPage />;
    case 'ppe':
      return <PpePage />;
    case 'legalTerms':
      return <LegalPage kind="terms" routeId={route.id} />;
    case 'legalPrivacy':
      return <LegalPage kind="privacy" routeId={route.id} />;
    default:
      return undefined;
  }
}

/**
 * The screen of a route, with the query cache; the sign-in page reads no query, so the first page most people see
 * loads without it (decision 0860).
 */
export function Screen({ route }: { route: FlatRoute }) {
  if (route.screen === 'signIn') return <ScreenOf route={route} />;
  return (
    <Queries>
      <ScreenOf route={route} />
    </Queries>
  );
}

/** The screen of a route, by the screen id the route table names. */
function ScreenOf({ route }: { route: FlatRoute }) {
  const grouped = featureScreen(route);
  if (grouped) return grouped;
  switch (route.screen) {
    case 'signIn':
      return <SignInPage />;
    case 'register':
      return <RegisterPage />;
    case 'forgotPassword':
      return <ForgotPasswordPage />;
    case 'resetPassword':
      return <ResetPasswordPage />;
    case 'verifyEmail':
      return <VerifyEmailPage />;
    case 'permissionLevels':
      return <PermissionLevelsPage />;
    case 'acceptInvite':
      return <AcceptInvitePage />;
    case 'members':
      return <MembersPage />;
    case 'memberNew':
      return <NewMemberPage />;
    case 'member':
      return <EditMemberPage />;
    case 'cameraGroups':
      return <CameraGroupsPage />;
    case 'cameraGroupNew':
      return <NewGroupPage />;
    case 'cameraGroup':
      return <EditGroupPage />;
    case 'account':
      return <AccountScreen />;
    case 'ssoStart':
      return <SsoStartPage route="sso" />;
    case 'oauthStart':
      return <SsoStartPage route="oauth" />;
    case 'ssoEnd':
      return <SsoEndPage route="sso" />;
    case 'oauthEnd':
      return <SsoEndPage route="oauth" />;
    case 'ssoConvertEnd':
      return <SsoConvertEndPage />;
    case 'cameras':
      return <CamerasPage />;
    case 'cameraGrid':
      return <CamerasPage forceGrid />;
    case 'camera':
      return <CameraScreen />;
    case 'cameraSettings':
      return <CameraSettingsScreen />;
    case 'settings':
      return <TakeawayOr screen="takeawaySettings" other={<SettingsListPage />} />;
    case 'cameraLayout':
      return <LayoutPage />;
    case 'cameraPresentation':
      return <PresentationPage />;
    case 'install':
      return <InstallPage />;
    case 'events':
      return <EventsPage />;
    case 'vehicles':
      return <VehiclesPage />;
    case 'vehicleCounts':
      return <VehicleCountsPage />;
    case 'vehiclePlate':
      return <PlatePage />;
    case 'dashboard':
      return <TakeawayOr screen="takeawayDashboard" other={<DashboardScreen />} />;
    case 'playback':
      return <PlaybackPage />;
    case 'shared':
      return <SharedVideoPage />;
    case 'verify':
      return <VerifyPage />;
    default:
      return <PlaceholderPage routeId={route.id} />;
  }
}

/** Spec 000 §2: a takeaway vendor's end user gets the takeaway dashboard and settings at the same paths. */
function TakeawayOr({ screen, other }: { screen: string; other: ReactNode }) {
  const ctx = useAccessContext();
  return isTakeawayUser(ctx.session, ctx.brand) ? <TakeawayScreen screen={screen} /> : other;
}

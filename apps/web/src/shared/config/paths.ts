import { DEMO_ROUTE_PREFIX } from '@vigil/contracts';

/**
 * Every path the web app links to, in one place (the route table declares the same patterns). Links inside the
 * demo shell get the /demo prefix from `inShell`.
 */
export const paths = {
  root: '/',
  signIn: '/sign-in',
  register: '/register',
  forgotPassword: '/forgot-password',
  resetPassword: '/reset-password',
  verifyEmail: '/verify-email',
  permissionLevels: '/permission-levels',
  acceptInvite: '/acceptinvite',
  getStarted: '/get-started',
  payment: '/payment',
  newPricing: '/new-pricing',
  shared: (token: string) => `/shared/${encodeURIComponent(token)}`,
  verify: '/verify',
  manage: '/manage',
  support: '/support',
  health: '/health',
  cameras: '/cameras',
  camera: (uidd: string) => `/cameras/${encodeURIComponent(uidd)}`,
  cameraSettings: (uidd: string) => `/cameras/${encodeURIComponent(uidd)}/settings`,
  cameraGrid: '/cameras/grid',
  events: '/events',
  playback: '/playback',
  dashboard: '/dashboard',
  settings: '/settings',
  vehicles: '/vehicles',
  vehicleCounts: '/vehicles/counts',
  vehiclePlate: (plate: string) => `/vehicles/${encodeURIComponent(plate)}`,
  people: '/people',
  ppe: '/ppe',
  orders: '/orders',
  managePlan: '/manage-plan',
  additionalUsers: '/manage-plan/additional-users',
  /** `as`: the uid of the account whose users are managed (decision 0400). */
  additionalUserNew: (as: string) => `/manage-plan/additional-users/new/${encodeURIComponent(as)}`,
  additionalUser: (memberId: string, as: string) =>
    `/manage-plan/additional-users/${encodeURIComponent(memberId)}/${encodeURIComponent(as)}`,
  account: '/account',
  cameraGroups: '/camera-groups',
  cameraGroupNew: '/camera-groups/new',
  cameraGroup: (id: string) => `/camera-groups/${encodeURIComponent(id)}`,
  install: '/install',
  customersNew: '/customers/new',
  /** A customer's page; `region`: one kept in another region (decision 0620). */
  customer: (uid: string, region?: string) =>
    `/customers/${encodeURIComponent(uid)}${region ? `?region=${encodeURIComponent(region)}` : ''}`,
  /** Support's page of an account; `region`: one kept in another region (decision 0858). */
  supportAccount: (uid: string, region?: string) =>
    `/support/${encodeURIComponent(uid)}${region ? `?region=${encodeURIComponent(region)}` : ''}`,
  supportInstallers: '/support/installers',
  supportInstaller: (id: string) => `/support/installers/${encodeURIComponent(id)}`,
  supportTools: '/support/tools',
  /** A distributor's page of one of its installers (decision 0872). */
  partnerInstaller: (id: string) => `/installers/${encodeURIComponent(id)}`,
  supportBrands: '/support/brands',
  terms: '/terms',
  privacy: '/privacy',
  demo: DEMO_ROUTE_PREFIX,
} as const;

/** A path as seen from the current shell: under /demo in the demo shell. */
export const inShell = (path: string, demo: boolean): string =>
  demo ? `${DEMO_ROUTE_PREFIX}${path === '/' ? '' : path}` : path;

/** Removes the /demo prefix, giving the route table's path. */
export const outOfShell = (pathname: string): string =>
  pathname === DEMO_ROUTE_PREFIX || pathname.startsWith(`${DEMO_ROUTE_PREFIX}/`)
    ? pathname.slice(DEMO_ROUTE_PREFIX.length) || '/'
    : pathname;

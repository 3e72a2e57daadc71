import type { AccountType } from '@vigil/contracts';

/** Spec 000 §2: fullscreen, none, header and footer, app layout (with sidebar). */
export type LayoutKind = 'fullscreen' | 'none' | 'headerFooter' | 'app';

/** Brand conditions a route may need (every listed one must hold). */
export type BrandFlag =
  | 'mainBrand'
  | 'canRegister'
  | 'canSellHardware'
  | 'sso'
  | 'fullWhiteLabel'
  | 'portalLink'
  | 'analytics'
  | 'notNamedPartner';

/** Conditions on the signed-in account (spec 000 §6, extra conditions). */
export type AccountCondition =
  | 'ownsOrganisation'
  | 'hasCameras'
  | 'hasPpeCameras'
  | 'canInstall'
  | 'endUserPro';

export type IconName =
  | 'camera'
  | 'events'
  | 'playback'
  | 'dashboard'
  | 'vehicle'
  | 'people'
  | 'ppe'
  | 'groups'
  | 'orders'
  | 'settings'
  | 'portal'
  | 'support'
  | 'health'
  | 'customers'
  | 'plan'
  | 'account'
  | 'install'
  | 'adapter'
  | 'backup'
  | 'updates'
  | 'icon'
  | 'logout'
  | 'more'
  | 'back';

/**
 * One entry of the route table. Its title is the text key `routes.<id>`. Paths are absolute; in the demo shell
 * they are served under the /demo prefix.
 */
export interface RouteDef {
  id: string;
  path: string;
  /** Extra accepted paths, legacy ones included; they render the same screen. */
  aliases?: readonly string[];
  layout: LayoutKind;
  /** 'open': anyone; 'private': a signed-in user (logged-out visitors go to sign-in and come back). */
  access: 'open' | 'private';
  /** Account types allowed; absent means every type. */
  accountTypes?: readonly AccountType[];
  redirectIfLoggedIn?: boolean;
  /** Served in the demo shell. */
  demo?: boolean;
  /** Kept in the mobile-app wrapper. */
  app?: boolean;
  brand?: readonly BrandFlag[];
  requires?: readonly AccountCondition[];
  /** 'hidden': not for the takeaway vendor's end users; 'only': only for them. */
  takeaway?: 'hidden' | 'only';
  /** Vehicles and people: shown in demo only when the brand allows it. */
  demoNeedsBrandAnalytics?: boolean;
  /** Placement in the navigation; the header lists the navbar ones. */
  nav?: { area: 'main' | 'secondary'; icon: IconName } | undefined;
  navbar?: boolean;
  /** Internal redirect target (keeps the query). */
  redirect?: string;
  /** Opens outside the app (secondary navigation). */
  external?: 'productUpdates' | 'changeIcon' | 'resetIcon';
  /** Screen id; a parent without one redirects to its first child. */
  screen?: string;
  /** Page width: 'narrow' pages (permission levels) are narrow unless in the app. */
  width?: 'narrow' | 'full';
  children?: readonly ChildRouteDef[];
}

/** A sub-route: it inherits layout, access and the restrictions of its parent unless it sets its own. */
export type ChildRouteDef = Omit<RouteDef, 'layout' | 'access' | 'children'> &
  Partial<Pick<RouteDef, 'layout' | 'access'>>;

export interface SessionFacts {
  uid: string;
  accountType: AccountType;
  organisations: readonly { ownerUid: string; cameras: boolean; ppeCameras: boolean; coowner: boolean }[];
  isEUP: boolean;
  isSelfReg: boolean;
  incompleteSelfRegSteps: readonly string[];
  demo: boolean;
}

export interface AccessContext {
  session: SessionFacts | null;
  brand: import('../config/brand.ts').Brand;
  /** Inside the /demo shell. */
  demo: boolean;
  /** Mobile-app wrapper mode. */
  app: boolean;
}

export type Access =
  | { kind: 'allow' }
  | { kind: 'signIn' }
  | { kind: 'notFound' }
  | { kind: 'redirectLoggedIn' }
  | { kind: 'forceGetStarted' };

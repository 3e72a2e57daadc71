import type { Brand } from '../config/brand.ts';
import type {
  Access,
  AccessContext,
  AccountCondition,
  BrandFlag,
  ChildRouteDef,
  RouteDef,
  SessionFacts,
} from './types.ts';

/** Fields a child route inherits from its parent unless it sets them itself. */
const INHERITED = [
  'layout',
  'access',
  'accountTypes',
  'demo',
  'app',
  'brand',
  'requires',
  'takeaway',
  'demoNeedsBrandAnalytics',
] as const;

export interface FlatRoute extends RouteDef {
  parentId: string | undefined;
}

/** Every route of the table, children after their parent, with inherited restrictions filled in. */
export function flattenRoutes(table: readonly (RouteDef | ChildRouteDef)[], parent?: FlatRoute): FlatRoute[] {
  const out: FlatRoute[] = [];
  for (const def of table) {
    const inherited: Partial<RouteDef> = {};
    if (parent)
      for (const k of INHERITED) if (parent[k] !== undefined) Object.assign(inherited, { [k]: parent[k] });
    const flat = { ...inherited, ...def, parentId: parent?.id } as FlatRoute;
    out.push(flat);
    if ('children' in def && def.children) out.push(...flattenRoutes(def.children, flat));
  }
  return out;
}

const brandHolds = (flag: BrandFlag, b: Brand): boolean => {
  switch (flag) {
    case 'mainBrand':
      return b.mainBrand;
    case 'canRegister':
      return b.canRegister;
    case 'canSellHardware':
      return b.canSellHardware;
    case 'sso':
      return b.ssoProviders.length > 0;
    case 'fullWhiteLabel':
      return b.fullWhiteLabel;
    case 'portalLink':
      return !b.hidePortalLink;
    case 'analytics':
      return b.analytics;
    case 'notNamedPartner':
      return !b.namedPartner;
  }
};

/** An organisation is the user's own when its owner is the user (the others are accounts they were invited to). */
export const ownsOrganisation = (s: SessionFacts): boolean =>
  s.organisations.some((o) => o.ownerUid === s.uid);

const conditionHolds = (c: AccountCondition, s: SessionFacts): boolean => {
  switch (c) {
    case 'ownsOrganisation':
      return ownsOrganisation(s);
    case 'hasCameras':
      return s.organisations.some((o) => o.cameras);
    case 'hasPpeCameras':
      return s.organisations.some((o) => o.ppeCameras);
    case 'canInstall':
      // Owners install on their own account, co-owners on the one they co-own (spec 000 §2). The server lets only
      // the owner install for now (decision 0301), so admins, whose level lists install, do not get the screen.
      return ownsOrganisation(s) || s.organisations.some((o) => o.coowner);
    case 'endUserPro':
      return s.isEUP;
  }
};

/** Spec 000 §2: a takeaway vendor's end user sees only orders, dashboard and settings. */
export const isTakeawayUser = (s: SessionFacts | null, b: Brand): boolean =>
  b.takeawayVendor && s?.accountType === 'u';

/**
 * Spec 000 §2: a self-registered user whose payment step is incomplete and who has no other organisations is
 * forced to /get-started?type=enduser.
 */
export const mustFinishSelfRegistration = (s: SessionFacts | null): boolean =>
  s?.isSelfReg === true &&
  s.incompleteSelfRegSteps.includes('payment') &&
  s.organisations.every((o) => o.ownerUid === s.uid);

/** Pages a forced self-registering user may still open: the steps themselves and the legal pages. */
const OPEN_DURING_SELF_REG = new Set([
  'getStarted',
  'quote',
  'payment',
  // Where PayPal sends the payer back to finish the payment step (decision 0745).
  'paypalConfirm',
  'terms',
  'privacy',
  'termsOfService',
  'privacyPolicy',
]);

/** Whether the route exists at all for this brand, shell and mode, whoever asks. */
export function routeExists(def: RouteDef, ctx: AccessContext): boolean {
  if (ctx.app && !def.app) return false;
  if (ctx.demo && !def.demo) return false;
  if (def.brand && !def.brand.every((f) => brandHolds(f, ctx.brand))) return false;
  if (ctx.demo && def.demoNeedsBrandAnalytics && !ctx.brand.analyticsInDemo) return false;
  return true;
}

/** What happens when this context opens this route: the access rules of spec 000 §2 and §6, in order. */
export function routeAccess(def: RouteDef, ctx: AccessContext): Access {
  if (!routeExists(def, ctx)) return { kind: 'notFound' };
  const s = ctx.session;
  if (!s) return def.access === 'private' ? { kind: 'signIn' } : { kind: 'allow' };
  if (def.redirectIfLoggedIn) return { kind: 'redirectLoggedIn' };
  if (!ctx.demo && mustFinishSelfRegistration(s) && !OPEN_DURING_SELF_REG.has(def.id))
    return { kind: 'forceGetStarted' };
  if (def.accountTypes && !def.accountTypes.includes(s.accountType)) return { kind: 'notFound' };
  const takeaway = isTakeawayUser(s, ctx.brand);
  if (def.takeaway === 'hidden' && takeaway) return { kind: 'notFound' };
  if (def.takeaway === 'only' && !takeaway) return { kind: 'notFound' };
  if (def.requires && !def.requires.every((c) => conditionHolds(c, s))) return { kind: 'notFound' };
  return { kind: 'allow' };
}

/** The navigation entries of one area the context may open (sidebar, bottom tabs, header). */
export function navRoutes(
  flat: readonly FlatRoute[],
  ctx: AccessContext,
  pick: (r: FlatRoute) => boolean,
): FlatRoute[] {
  return flat.filter((r) => pick(r) && routeAccess(r, ctx).kind === 'allow');
}

// The routing rules of shared/routing, checked over the real route table (which app/ owns: shared never imports app).
import type { AccountType } from '@vigil/contracts';
import { describe, expect, it } from 'vitest';
import { MAIN_BRAND } from '../../shared/config/brand.ts';
import { paths } from '../../shared/config/paths.ts';
import { findRoute, loggedInRedirect, sectionFallback } from '../../shared/routing/match.ts';
import type { AccessContext } from '../../shared/routing/types.ts';
import { FLAT_ROUTES } from './flat-routes.ts';

const ctx = (accountType: AccountType, takeawayVendor = false): AccessContext => ({
  session: {
    uid: 'me',
    accountType,
    organisations: [{ ownerUid: 'me', cameras: false, ppeCameras: false, coowner: false }],
    isEUP: false,
    isSelfReg: false,
    incompleteSelfRegSteps: [],
    demo: false,
  },
  brand: { ...MAIN_BRAND, takeawayVendor },
  demo: false,
  app: false,
});
const P = {
  portal: paths.manage,
  cameras: paths.cameras,
  orders: paths.orders,
  root: paths.root,
  getStarted: paths.getStarted,
};
const redirect = (c: AccessContext, from?: string, returnPath?: string) =>
  loggedInRedirect(FLAT_ROUTES, c, { from, returnPath }, P);

describe('findRoute', () => {
  it('matches paths, legacy paths, and prefers static segments over parameters', () => {
    expect(findRoute(FLAT_ROUTES, '/login.html')?.id).toBe('signIn');
    expect(findRoute(FLAT_ROUTES, '/cloudadapters')?.id).toBe('cloudAdapters');
    expect(findRoute(FLAT_ROUTES, '/cameras/grid')?.id).toBe('cameraGrid');
    expect(findRoute(FLAT_ROUTES, '/cameras/u1.c1')?.id).toBe('camera');
    expect(findRoute(FLAT_ROUTES, '/support/users')?.id).toBe('supportUsers');
    expect(findRoute(FLAT_ROUTES, '/nope')).toBeUndefined();
  });
});

describe('sectionFallback', () => {
  it('sends unknown paths inside a paged section to its default', () => {
    expect(sectionFallback(FLAT_ROUTES, '/cameras/a/b/c')).toBe('/cameras');
    expect(sectionFallback(FLAT_ROUTES, '/manage-plan/unknown/deeper')).toBe('/manage-plan/plan');
    expect(sectionFallback(FLAT_ROUTES, '/customers/x/y')).toBe('/customers/new');
    expect(sectionFallback(FLAT_ROUTES, '/nothing/here')).toBeUndefined();
    // The demo serves a subset: a section it does not serve has no default there (its fallback page instead).
    const demo = FLAT_ROUTES.filter((r) => r.demo);
    expect(sectionFallback(demo, '/manage-plan/additional-users')).toBeUndefined();
    expect(sectionFallback(demo, '/cameras/a/b/c')).toBe('/cameras');
  });
});

describe('loggedInRedirect (spec 000 §2 order)', () => {
  it('prefers the previous location, then the stored return path', () => {
    expect(redirect(ctx('u'), '/events?x=1', '/playback')).toBe('/events?x=1');
    expect(redirect(ctx('u'), undefined, '/playback')).toBe('/playback');
  });
  it('skips a previous location the account may not open, and the root', () => {
    expect(redirect(ctx('u'), '/support', '/playback')).toBe('/playback');
    expect(redirect(ctx('u'), '/', undefined)).toBe('/cameras');
    expect(redirect(ctx('u'), '/sign-in', undefined)).toBe('/cameras');
  });
  it('then the portal for account types that may use it, then cameras', () => {
    expect(redirect(ctx('i'))).toBe('/manage');
    expect(redirect(ctx('d'))).toBe('/manage');
    expect(redirect(ctx('s'))).toBe('/manage');
    expect(redirect(ctx('u'))).toBe('/cameras');
  });
  it('sends an unpaid self-registered user to get-started first', () => {
    const c = ctx('u');
    const selfReg = {
      ...c,
      session: { ...c.session!, isSelfReg: true, incompleteSelfRegSteps: ['payment'] },
    };
    expect(redirect(selfReg, '/events')).toBe('/get-started?type=enduser');
  });
  it('then the takeaway orders, then the root', () => {
    expect(redirect(ctx('u', true))).toBe('/orders');
    // Nothing open to the account: the root is the last resort.
    const onlyOrders = FLAT_ROUTES.filter((r) => r.id === 'orders' || r.id === 'root');
    expect(loggedInRedirect(onlyOrders, ctx('d'), {}, P)).toBe('/');
  });
});

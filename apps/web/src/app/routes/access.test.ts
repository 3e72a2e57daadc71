// The routing rules of shared/routing, checked over the real route table (which app/ owns: shared never imports app).
import type { AccountType } from '@vigil/contracts';
import { describe, expect, it } from 'vitest';
import { type Brand, MAIN_BRAND } from '../../shared/config/brand.ts';
import { mustFinishSelfRegistration, navRoutes, routeAccess } from '../../shared/routing/access.ts';
import type { AccessContext, SessionFacts } from '../../shared/routing/types.ts';
import { FLAT_ROUTES } from './flat-routes.ts';

const org = { ownerUid: 'me', cameras: false, ppeCameras: false, coowner: false };
/** Someone else's account the user was invited to. */
const theirs = { ...org, ownerUid: 'boss' };
const session = (accountType: AccountType, extra: Partial<SessionFacts> = {}): SessionFacts => ({
  uid: 'me',
  accountType,
  organisations: [org],
  isEUP: false,
  isSelfReg: false,
  incompleteSelfRegSteps: [],
  demo: false,
  ...extra,
});
const ctx = (
  s: SessionFacts | null,
  extra: Partial<AccessContext> = {},
  brand: Partial<Brand> = {},
): AccessContext => ({
  session: s,
  brand: { ...MAIN_BRAND, ...brand },
  demo: false,
  app: false,
  ...extra,
});
const route = (id: string) => {
  const r = FLAT_ROUTES.find((x) => x.id === id);
  if (!r) throw new Error(`no route ${id}`);
  return r;
};
const kind = (id: string, c: AccessContext) => routeAccess(route(id), c).kind;
const mainNav = (c: AccessContext) =>
  navRoutes(FLAT_ROUTES, c, (r) => r.nav?.area === 'main').map((r) => r.id);

describe('route table', () => {
  it('has unique ids and paths', () => {
    const ids = FLAT_ROUTES.map((r) => r.id);
    expect(new Set(ids).size).toBe(ids.length);
    const all = FLAT_ROUTES.flatMap((r) => [r.path, ...(r.aliases ?? [])]);
    expect(new Set(all).size).toBe(all.length);
  });
  it('children inherit their parent’s restrictions', () => {
    expect(route('supportUser')).toMatchObject({ accountTypes: ['s'], brand: ['mainBrand'], layout: 'app' });
    expect(route('billing').requires).toEqual(['ownsOrganisation', 'endUserPro']);
  });
});

describe('routeAccess', () => {
  it('sends logged-out visitors of private pages to sign-in and lets them see open pages', () => {
    expect(kind('cameras', ctx(null))).toBe('signIn');
    expect(kind('support', ctx(null))).toBe('signIn');
    expect(kind('permissionLevels', ctx(null))).toBe('allow');
    expect(kind('signIn', ctx(null))).toBe('allow');
  });

  it('redirects signed-in users away from sign-in and register', () => {
    expect(kind('signIn', ctx(session('u')))).toBe('redirectLoggedIn');
    expect(kind('register', ctx(session('i')))).toBe('redirectLoggedIn');
    expect(kind('forgotPassword', ctx(session('u')))).toBe('allow');
  });

  it.each([
    ['support', { u: 'notFound', i: 'notFound', d: 'notFound', s: 'allow' }],
    ['health', { u: 'notFound', i: 'notFound', d: 'notFound', s: 'allow' }],
    ['manage', { u: 'notFound', i: 'allow', d: 'allow', s: 'allow' }],
    ['customerNew', { u: 'notFound', i: 'allow', d: 'notFound', s: 'notFound' }],
    // A distributor opens its installers' customers and its installers' pages (decision 0872); the server scopes them.
    ['customer', { u: 'notFound', i: 'allow', d: 'allow', s: 'notFound' }],
    ['partnerInstaller', { u: 'notFound', i: 'notFound', d: 'allow', s: 'notFound' }],
    ['newPricing', { u: 'allow', i: 'allow', d: 'allow', s: 'notFound' }],
    ['install', { u: 'allow', i: 'allow', d: 'notFound', s: 'allow' }],
    ['cameras', { u: 'allow', i: 'allow', d: 'allow', s: 'allow' }],
    ['orders', { u: 'notFound', i: 'notFound', d: 'notFound', s: 'notFound' }],
  ] as const)('%s by account type', (id, expected) => {
    for (const t of ['u', 'i', 'd', 's'] as const)
      expect([t, kind(id, ctx(session(t)))]).toEqual([t, expected[t]]);
  });

  it('applies account conditions', () => {
    expect(kind('billing', ctx(session('u')))).toBe('notFound');
    expect(kind('billing', ctx(session('u', { isEUP: true })))).toBe('allow');
    expect(kind('plan', ctx(session('u', { organisations: [] })))).toBe('notFound');
    expect(kind('ppe', ctx(session('u')))).toBe('notFound');
    expect(kind('ppe', ctx(session('u', { organisations: [{ ...org, ppeCameras: true }] })))).toBe('allow');
    expect(kind('cameraGroups', ctx(session('u', { organisations: [{ ...org, cameras: true }] })))).toBe(
      'allow',
    );
    expect(kind('install', ctx(session('u', { organisations: [{ ...theirs, coowner: true }] })))).toBe(
      'allow',
    );
    expect(kind('install', ctx(session('u', { organisations: [] })))).toBe('notFound');
  });

  it('tells the user’s own organisation from the accounts they were invited to', () => {
    // Only invited to someone else's account, without co-ownership: no plan, no install.
    const member = ctx(session('u', { organisations: [theirs] }));
    expect(kind('additionalUsers', member)).toBe('notFound');
    expect(kind('install', member)).toBe('notFound');
    // Camera groups follow cameras wherever they are: an invited user with cameras to see gets them.
    expect(kind('cameraGroups', ctx(session('u', { organisations: [{ ...theirs, cameras: true }] })))).toBe(
      'allow',
    );
    // Owning one and being invited to another: the plan pages are for the own one.
    expect(kind('additionalUsers', ctx(session('u', { organisations: [org, theirs] })))).toBe('allow');
    // A co-owner of someone else's account may install there, even without an own organisation.
    expect(kind('install', ctx(session('u', { organisations: [{ ...theirs, coowner: true }] })))).toBe(
      'allow',
    );
  });

  it('applies brand flags', () => {
    expect(kind('support', ctx(session('s'), {}, { mainBrand: false }))).toBe('notFound');
    expect(kind('register', ctx(null, {}, { canRegister: false }))).toBe('notFound');
    expect(kind('manage', ctx(session('i'), {}, { hidePortalLink: true }))).toBe('notFound');
    expect(kind('termsOfService', ctx(null))).toBe('notFound');
    expect(kind('termsOfService', ctx(null, {}, { fullWhiteLabel: true }))).toBe('allow');
    expect(kind('ssoStart', ctx(null))).toBe('notFound');
    expect(kind('ssoStart', ctx(null, {}, { ssoProviders: ['google'] }))).toBe('allow');
    for (const id of ['playback', 'dashboard', 'settings', 'install'])
      expect([id, kind(id, ctx(session('u'), {}, { namedPartner: true }))]).toEqual([id, 'notFound']);
    expect(kind('vehicles', ctx(session('u'), {}, { analytics: false }))).toBe('notFound');
  });

  it('gives the takeaway vendor’s end user only orders, dashboard and settings', () => {
    const takeaway = ctx(session('u'), {}, { takeawayVendor: true });
    expect(mainNav(takeaway)).toEqual(['orders', 'dashboard']);
    expect(kind('settings', takeaway)).toBe('allow');
    expect(kind('cameras', takeaway)).toBe('notFound');
    expect(kind('events', takeaway)).toBe('notFound');
    expect(kind('managePlan', takeaway)).toBe('notFound');
    expect(kind('productUpdates', takeaway)).toBe('notFound');
    // The takeaway variant is for end users; an installer of that brand keeps the cameras.
    expect(kind('cameras', ctx(session('i'), {}, { takeawayVendor: true }))).toBe('allow');
  });

  it('serves only demo-flagged routes in the demo, and vehicles only when the brand allows', () => {
    const demo = ctx(session('u', { demo: true }), { demo: true });
    expect(kind('cameras', demo)).toBe('allow');
    expect(kind('account', demo)).toBe('notFound');
    expect(kind('managePlan', demo)).toBe('notFound');
    expect(kind('vehicles', demo)).toBe('notFound');
    expect(
      kind('vehicles', ctx(session('u', { demo: true }), { demo: true }, { analyticsInDemo: true })),
    ).toBe('allow');
  });

  it('keeps only app-flagged routes in the mobile app', () => {
    const app = ctx(session('u'), { app: true });
    expect(kind('cameras', app)).toBe('allow');
    expect(kind('cloudAdapters', app)).toBe('notFound');
    expect(kind('backup', app)).toBe('notFound');
    expect(kind('signIn', ctx(null, { app: true }))).toBe('allow');
    expect(kind('register', ctx(null, { app: true }))).toBe('notFound');
  });

  it('forces an unpaid self-registered user to get-started, except on its own steps', () => {
    const selfReg = session('u', { isSelfReg: true, incompleteSelfRegSteps: ['payment'] });
    expect(mustFinishSelfRegistration(selfReg)).toBe(true);
    expect(kind('cameras', ctx(selfReg))).toBe('forceGetStarted');
    expect(kind('getStarted', ctx(selfReg))).toBe('allow');
    expect(kind('privacy', ctx(selfReg))).toBe('allow');
    expect(kind('paypalConfirm', ctx(selfReg))).toBe('allow');
    // Another organisation to work in, or a paid step, lifts it.
    expect(mustFinishSelfRegistration({ ...selfReg, organisations: [org, theirs] })).toBe(false);
    expect(mustFinishSelfRegistration({ ...selfReg, incompleteSelfRegSteps: ['camera'] })).toBe(false);
    expect(mustFinishSelfRegistration({ ...selfReg, isSelfReg: false })).toBe(false);
  });
});

describe('navigation', () => {
  it('lists main entries by account type', () => {
    expect(mainNav(ctx(session('u')))).toEqual([
      'cameras',
      'events',
      'playback',
      'vehicles',
      'people',
      'dashboard',
    ]);
    expect(mainNav(ctx(session('i')))).toContain('customers');
    expect(mainNav(ctx(session('s')))).toEqual(
      expect.arrayContaining(['cameras', 'manage', 'support', 'health']),
    );
    expect(mainNav(ctx(session('d')))).not.toContain('support');
  });
});

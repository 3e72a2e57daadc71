/** A 1×1 PNG, base64: the smallest image the brand uploads accept. */
export const TINY_PNG =
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==';

/** A brand with every field support sends, flags off. */
export const plainBrand = (id: string, hosts: string[] = []) => ({
  id,
  name: `Brand ${id}`,
  hosts,
  canRegister: false,
  canSellHardware: false,
  ssoProviders: [],
  fullWhiteLabel: false,
  hidePortalLink: false,
  namedPartner: false,
  takeawayVendor: false,
  analytics: true,
  analyticsInDemo: false,
  theme: {},
});

type Role = 'support' | 'distA' | 'distB' | 'instA' | 'instB' | 'custA' | 'user';

/**
 * The partner isolation matrix's rows for brands (features/partners/isolation.test.ts spreads them in): support
 * manages brands, each installer its own overrides. The POST rule makes `iso-doomed`, which the DELETE rule
 * removes (support runs first, once; everyone else is refused before the brand is looked up).
 */
export const BRAND_PARTNER_RULES: Record<
  string,
  { allow: Role[]; request(): { url: string; payload?: object } }
> = {
  'GET /support/brands': { allow: ['support'], request: () => ({ url: '/support/brands' }) },
  'POST /support/brands': {
    allow: ['support'],
    request: () => ({ url: '/support/brands', payload: plainBrand('iso-doomed') }),
  },
  'PUT /support/brands/:id': {
    allow: ['support'],
    request: () => ({ url: '/support/brands/iso-doomed', payload: plainBrand('iso-doomed') }),
  },
  'DELETE /support/brands/:id': {
    allow: ['support'],
    request: () => ({ url: '/support/brands/iso-doomed' }),
  },
  'PUT /support/brands/:id/assets/:asset': {
    allow: ['support'],
    request: () => ({
      url: '/support/brands/vigil/assets/appLayoutLogoSmall',
      payload: { contentType: 'image/png', data: TINY_PNG },
    }),
  },
  'GET /partners/brand': { allow: ['instA', 'instB'], request: () => ({ url: '/partners/brand' }) },
  'PUT /partners/brand': {
    allow: ['instA', 'instB'],
    request: () => ({ url: '/partners/brand', payload: { accentColour: '#0b5394' } }),
  },
  'PUT /partners/brand/logo.png': {
    allow: ['instA', 'instB'],
    request: () => ({
      url: '/partners/brand/logo.png',
      payload: { contentType: 'image/png', data: TINY_PNG },
    }),
  },
};

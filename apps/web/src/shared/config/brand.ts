/**
 * White-label brand of the current host (spec 000 §1, §2). Brands are resolved from the host name; everything not
 * listed is the main brand. The white-label issue will fetch these per host and per installer; the routing rules
 * only read the flags below, so that change does not touch them.
 */
export interface Brand {
  id: string;
  name: string;
  /** Some features show only for the main brand (support, health, backup, ai-training, oauth). */
  mainBrand: boolean;
  /** Brands that can register users get /register and /get-started. */
  canRegister: boolean;
  /** Brands that can sell hardware get /cloud-adapters. */
  canSellHardware: boolean;
  /** Single sign-on providers offered on the sign-in page; empty hides the buttons and /sso routes. */
  ssoProviders: readonly string[];
  /** Full white-label: own /terms-of-service and /privacy-policy pages. */
  fullWhiteLabel: boolean;
  /** Hides /manage (the partner portal link). */
  hidePortalLink: boolean;
  /** The named partner brand: playback, dashboard, settings and install are hidden. */
  namedPartner: boolean;
  /** Takeaway-vendor variant: an end user sees only orders, dashboard and settings. */
  takeawayVendor: boolean;
  /** Vehicle and people analytics can be disabled per brand. */
  analytics: boolean;
  /** Vehicle and people analytics are shown in demo only when the brand allows it. */
  analyticsInDemo: boolean;
  /** Where Exit from the demo goes; sign-in when unset or on localhost. */
  returnLink: string | undefined;
  productUpdatesUrl: string | undefined;
  termsUrl: string | undefined;
  privacyUrl: string | undefined;
}

export const MAIN_BRAND: Brand = {
  id: 'vigil',
  name: 'Vigil',
  mainBrand: true,
  canRegister: true,
  canSellHardware: true,
  ssoProviders: [],
  fullWhiteLabel: false,
  hidePortalLink: false,
  namedPartner: false,
  takeawayVendor: false,
  analytics: true,
  analyticsInDemo: false,
  returnLink: undefined,
  productUpdatesUrl: 'https://github.com/',
  termsUrl: undefined,
  privacyUrl: undefined,
};

/** Per-host overrides; empty until the white-label issue brings brands from the server. */
const BRANDS_BY_HOST: Record<string, Partial<Brand>> = {};

export function brandForHost(host: string): Brand {
  const override = BRANDS_BY_HOST[host.toLowerCase()];
  return override ? { ...MAIN_BRAND, ...override, mainBrand: false } : MAIN_BRAND;
}

export const currentBrand = (): Brand =>
  typeof location === 'undefined' ? MAIN_BRAND : brandForHost(location.hostname);

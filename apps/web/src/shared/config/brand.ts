import type { BrandTheme } from '@vigil/contracts';

/**
 * White-label brand of the current host (spec 000 §1, §2; decision 0820). Brands are data on the server: it puts
 * the host's brand into the page it serves (a JSON data block, `#vigil-brand`, with its colours as CSS custom
 * properties), so the first paint is already the brand's and `currentBrand()` reads it synchronously. The routing
 * rules read only the flags below.
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
  /** Each provider's button label ("Google", "Microsoft", an OIDC provider's configured name); absent: the id. */
  ssoProviderNames?: Readonly<Record<string, string>>;
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
  /** The white-label configuration of spec 001 §3 (colours, title, gradients); the page's CSS already has it. */
  theme?: BrandTheme;
  /** The brand's uploaded logo (spec 001 §3); none: the product's mark in the accent colour. */
  logo?: string | undefined;
  appLayoutLogo?: string | undefined;
  appLayoutLogoSmall?: string | undefined;
  /** The footer's visit link and rotating messages (spec 001 §2 "for one brand"; decision 0827). */
  footer?: { visitUrl?: string; visitLabel?: string; messages: readonly string[] } | undefined;
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

/** The id of the data block the server writes into the page (features/brands/brand-page.ts on the server). */
export const BRAND_SCRIPT_ID = 'vigil-brand';

/**
 * The brand the server put into this page; the main brand when there is none (the Vite dev server, a unit test) or
 * it cannot be read. Fields the server leaves out (an unset link) are undefined, as the interface says.
 */
export function injectedBrand(doc: Pick<Document, 'getElementById'> | undefined): Brand {
  const text = doc?.getElementById(BRAND_SCRIPT_ID)?.textContent;
  if (!text) return MAIN_BRAND;
  try {
    const data = JSON.parse(text) as Partial<Brand>;
    return {
      ...MAIN_BRAND,
      returnLink: undefined,
      productUpdatesUrl: undefined,
      ...data,
    };
  } catch {
    return MAIN_BRAND;
  }
}

let current: Brand | undefined;

/** The current host's brand, read once from the page. */
export const currentBrand = (): Brand => {
  current ??= injectedBrand(typeof document === 'undefined' ? undefined : document);
  return current;
};

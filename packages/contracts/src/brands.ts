import { z } from 'zod';
import { DARK_OVER_ACCENT } from './brand-css.ts';
import { DEFAULT_ACCENT_COLOUR, FOOTER_MESSAGES } from './constants.ts';
import { HEX_COLOUR } from './contrast.ts';

/**
 * White-label brands (spec 000 §1, §2; 001 §3, §7; decision 0820). A brand is data: the hosts it answers on, its
 * flags (which routes and features its users get) and its white-label configuration.
 */

export const BrandId = z.string().regex(/^[a-z0-9-]{2,64}$/, 'must be 2–64 of a-z, 0-9 and -');
const colour = z.string().regex(HEX_COLOUR, 'must be a colour like #1a2b3c');
const url = z.string().trim().max(500).url();
/** A host name as browsers send it, lowercase, without a port. */
export const BrandHost = z
  .string()
  .trim()
  .toLowerCase()
  .regex(/^[a-z0-9.-]{1,253}$/, 'must be a host name without a port');

/** The colours and texts of spec 001 §3's white-label configuration (logo and favicon are assets of their own). */
export const BrandTheme = z.strictObject({
  title: z.string().trim().min(1).max(120).optional(),
  colour: colour.optional(),
  gradients: z.array(colour).max(4).optional(),
  buttonColour: colour.optional(),
  buttonTextColour: colour.optional(),
  navColour: colour.optional(),
  navTextColour: colour.optional(),
  navFadedTextColour: colour.optional(),
  portalSidebar: colour.optional(),
  accentColour: colour.optional(),
  /** Text over the accent colour is white (else near-black, #111111). */
  whiteOverAccent: z.boolean().optional(),
});
export type BrandTheme = z.infer<typeof BrandTheme>;

/**
 * The footer of spec 001 §2 "for one brand": a visit link and up to FOOTER_MESSAGES marketing messages shown in turn
 * (decision 0827). Any brand may have one; none shows neither.
 */
export const BrandFooter = z.strictObject({
  visitUrl: url.optional(),
  visitLabel: z.string().trim().min(1).max(60).optional(),
  messages: z.array(z.string().trim().min(1).max(160)).max(FOOTER_MESSAGES).default([]),
});
export type BrandFooter = z.infer<typeof BrandFooter>;

/** What an installer may set for its customers (spec 001 §3: "their own logo and colours"). */
export const InstallerTheme = BrandTheme.omit({ title: true });
export type InstallerTheme = z.infer<typeof InstallerTheme>;

/** The flags the web app's routing reads (spec 000 §2), as data per brand. */
export const BrandFlags = z.object({
  mainBrand: z.boolean(),
  canRegister: z.boolean(),
  canSellHardware: z.boolean(),
  /** Single sign-on providers offered on the sign-in page; empty hides them and the /sso routes. */
  ssoProviders: z.array(z.string().regex(/^[a-z0-9-]{1,40}$/)).max(10),
  fullWhiteLabel: z.boolean(),
  hidePortalLink: z.boolean(),
  namedPartner: z.boolean(),
  takeawayVendor: z.boolean(),
  analytics: z.boolean(),
  analyticsInDemo: z.boolean(),
});

/**
 * The current host's brand as the web app reads it (injected into its page before first paint, and `GET /brand`).
 * Field names are the web app's `Brand`'s.
 */
export const PublicBrand = BrandFlags.extend({
  id: z.string(),
  name: z.string(),
  returnLink: z.string().optional(),
  productUpdatesUrl: z.string().optional(),
  termsUrl: z.string().optional(),
  privacyUrl: z.string().optional(),
  theme: BrandTheme,
  /** The uploaded logo, favicon, appLayoutLogo and appLayoutLogoSmall (spec 001 §3), each with its version. */
  logo: z.string().optional(),
  favicon: z.string().optional(),
  appLayoutLogo: z.string().optional(),
  appLayoutLogoSmall: z.string().optional(),
  /** Each offered single sign-on provider's button label (SSO_PROVIDERS' name: Google, Microsoft, or configured). */
  ssoProviderNames: z.record(z.string(), z.string()).optional(),
  footer: BrandFooter.optional(),
});
export type PublicBrand = z.infer<typeof PublicBrand>;

/** colours.json (spec 001 §7): the white-label configuration of spec 001 §3 for a brand, or an installer over it. */
export const BrandColours = BrandTheme.extend({
  logo: z.string(),
  favicon: z.string(),
  appLayoutLogo: z.string().optional(),
  appLayoutLogoSmall: z.string().optional(),
  returnLink: z.string().optional(),
});
export type BrandColours = z.infer<typeof BrandColours>;

/** A brand as support edits it. */
export const BrandInput = BrandFlags.omit({ mainBrand: true }).extend({
  name: z.string().trim().min(1).max(120),
  hosts: z.array(BrandHost).max(50),
  returnLink: url.optional(),
  productUpdatesUrl: url.optional(),
  termsUrl: url.optional(),
  privacyUrl: url.optional(),
  theme: BrandTheme,
  footer: BrandFooter.optional(),
  /** Markdown documents; absent: the plain template with the brand's name. */
  termsMarkdown: z.string().max(100_000).optional(),
  privacyMarkdown: z.string().max(100_000).optional(),
});
export type BrandInput = z.input<typeof BrandInput>;

export const CreateBrandBody = BrandInput.extend({ id: BrandId });
export type CreateBrandBody = z.input<typeof CreateBrandBody>;

export const BrandAdmin = PublicBrand.extend({
  hosts: z.array(z.string()),
  termsMarkdown: z.string().optional(),
  privacyMarkdown: z.string().optional(),
  updatedAt: z.number(),
});
export type BrandAdmin = z.infer<typeof BrandAdmin>;
export const BrandList = z.object({ brands: z.array(BrandAdmin) });
export type BrandList = z.infer<typeof BrandList>;

export const BrandParams = z.object({ id: BrandId });
/** Images a brand or installer uploads: logo.png, favicon, and the app layout's logos (spec 001 §3, §7). */
export const BRAND_ASSET_NAMES = ['logo.png', 'favicon', 'appLayoutLogo', 'appLayoutLogoSmall'] as const;
export const BrandAssetName = z.enum(BRAND_ASSET_NAMES);
export type BrandAssetName = z.infer<typeof BrandAssetName>;
/** Largest image accepted, decoded (a logo, not a photo). */
export const BRAND_ASSET_MAX_BYTES = 256 * 1024;
export const BrandAssetBody = z.strictObject({
  contentType: z.enum(['image/png', 'image/jpeg', 'image/webp', 'image/x-icon']),
  /** The image, base64. */
  data: z.string().max(Math.ceil(BRAND_ASSET_MAX_BYTES / 3) * 4),
});
export type BrandAssetBody = z.infer<typeof BrandAssetBody>;

/** Documents per brand (spec 000 §2 /terms, /privacy; /terms-of-service, /privacy-policy for full white-label). */
export const BrandDocumentKind = z.enum(['terms', 'privacy']);
export type BrandDocumentKind = z.infer<typeof BrandDocumentKind>;
export const BrandDocument = z.object({ brand: z.string(), kind: BrandDocumentKind, markdown: z.string() });
export type BrandDocument = z.infer<typeof BrandDocument>;

/** An installer's own overrides, as it reads and saves them. */
export const InstallerBrand = z.object({
  installerId: z.string(),
  theme: InstallerTheme,
  logo: z.string().optional(),
});
export type InstallerBrand = z.infer<typeof InstallerBrand>;

/**
 * The product's own look, what a brand's theme fields fall back to one by one (the web app's index.css holds the
 * same values as its CSS defaults).
 */
export const DEFAULT_BRAND_THEME = {
  colour: DEFAULT_ACCENT_COLOUR,
  accentColour: DEFAULT_ACCENT_COLOUR,
  buttonColour: DEFAULT_ACCENT_COLOUR,
  buttonTextColour: '#ffffff',
  navColour: '#171717',
  navTextColour: '#ffffff',
  navFadedTextColour: '#d4d4d4',
  portalSidebar: '#171717',
  whiteOverAccent: true,
} as const satisfies BrandTheme;

/** A text and background pair of a theme, named by its fields, for the contrast rule. */
export interface ThemePair {
  pair: string;
  text: string;
  background: string;
}

/** Every text-on-background pair a theme makes, after the defaults (spec 000 §5's check applies to each). */
export function themePairs(theme: BrandTheme): ThemePair[] {
  const t = { ...DEFAULT_BRAND_THEME, ...theme };
  const overAccent = t.whiteOverAccent ? '#ffffff' : DARK_OVER_ACCENT;
  return [
    { pair: 'buttonTextColour on buttonColour', text: t.buttonTextColour, background: t.buttonColour },
    { pair: 'navTextColour on navColour', text: t.navTextColour, background: t.navColour },
    { pair: 'navFadedTextColour on navColour', text: t.navFadedTextColour, background: t.navColour },
    {
      pair: `${t.whiteOverAccent ? 'white' : DARK_OVER_ACCENT} (whiteOverAccent) on accentColour`,
      text: overAccent,
      background: t.accentColour,
    },
  ];
}

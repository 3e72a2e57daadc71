import type { BrandAdmin, BrandInput, BrandTheme } from '@vigil/contracts';

export const FLAG_NAMES = [
  'canRegister',
  'canSellHardware',
  'fullWhiteLabel',
  'hidePortalLink',
  'namedPartner',
  'takeawayVendor',
  'analytics',
  'analyticsInDemo',
] as const;
export type FlagName = (typeof FLAG_NAMES)[number];

export const COLOUR_FIELDS = [
  'accentColour',
  'colour',
  'buttonColour',
  'buttonTextColour',
  'navColour',
  'navTextColour',
  'navFadedTextColour',
  'portalSidebar',
] as const;
export type ColourField = (typeof COLOUR_FIELDS)[number];

/** A brand as the form edits it: texts as typed, lists as one string. */
export interface Draft {
  id: string;
  name: string;
  hosts: string;
  flags: Record<FlagName, boolean>;
  ssoProviders: string;
  returnLink: string;
  productUpdatesUrl: string;
  termsUrl: string;
  privacyUrl: string;
  title: string;
  colours: Record<ColourField, string>;
  gradients: string;
  whiteOverAccent: boolean;
  termsMarkdown: string;
  privacyMarkdown: string;
  /** The footer (decision 0827): its link, the link's words, one message per line. */
  visitUrl: string;
  visitLabel: string;
  footerMessages: string;
}

const list = (s: string, sep: RegExp) =>
  s
    .split(sep)
    .map((x) => x.trim())
    .filter(Boolean);

export function draftOf(b?: BrandAdmin): Draft {
  const flags = Object.fromEntries(
    FLAG_NAMES.map((f) => [f, b ? b[f] : f === 'canRegister' || f === 'analytics']),
  ) as Record<FlagName, boolean>;
  const colours = Object.fromEntries(COLOUR_FIELDS.map((c) => [c, b?.theme[c] ?? ''])) as Record<
    ColourField,
    string
  >;
  return {
    id: b?.id ?? '',
    name: b?.name ?? '',
    hosts: (b?.hosts ?? []).join('\n'),
    flags,
    ssoProviders: (b?.ssoProviders ?? []).join(', '),
    returnLink: b?.returnLink ?? '',
    productUpdatesUrl: b?.productUpdatesUrl ?? '',
    termsUrl: b?.termsUrl ?? '',
    privacyUrl: b?.privacyUrl ?? '',
    title: b?.theme.title ?? '',
    colours,
    gradients: (b?.theme.gradients ?? []).join(', '),
    whiteOverAccent: b?.theme.whiteOverAccent ?? true,
    termsMarkdown: b?.termsMarkdown ?? '',
    privacyMarkdown: b?.privacyMarkdown ?? '',
    visitUrl: b?.footer?.visitUrl ?? '',
    visitLabel: b?.footer?.visitLabel ?? '',
    footerMessages: (b?.footer?.messages ?? []).join('\n'),
  };
}

/** The theme a draft describes: only the fields filled in (the rest fall back to the product's look). */
export function themeOf(d: Draft): BrandTheme {
  const theme: BrandTheme = { whiteOverAccent: d.whiteOverAccent };
  for (const c of COLOUR_FIELDS) if (d.colours[c].trim()) theme[c] = d.colours[c].trim();
  if (d.title.trim()) theme.title = d.title.trim();
  const gradients = list(d.gradients, /,/);
  if (gradients.length) theme.gradients = gradients;
  return theme;
}

const optional = (s: string) => (s.trim() ? s.trim() : undefined);

export function inputOf(d: Draft): BrandInput {
  return {
    name: d.name.trim(),
    hosts: list(d.hosts, /[\s,]+/),
    ...d.flags,
    ssoProviders: list(d.ssoProviders, /,/),
    returnLink: optional(d.returnLink),
    productUpdatesUrl: optional(d.productUpdatesUrl),
    termsUrl: optional(d.termsUrl),
    privacyUrl: optional(d.privacyUrl),
    theme: themeOf(d),
    termsMarkdown: optional(d.termsMarkdown),
    privacyMarkdown: optional(d.privacyMarkdown),
    footer: {
      visitUrl: optional(d.visitUrl),
      visitLabel: optional(d.visitLabel),
      messages: list(d.footerMessages, /\n/),
    },
  };
}

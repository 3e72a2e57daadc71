import { SsoProviderId } from '@vigil/contracts';
import { z } from 'zod';

/** Google's issuer; its ID tokens carry the Workspace domain as `hd`. */
const GOOGLE_ISSUER = 'https://accounts.google.com';

/** What each kind of provider defaults to: its issuer (Google's is fixed) and its organisation claim. */
const KINDS = {
  google: { issuer: GOOGLE_ISSUER, organisationClaim: 'hd', name: 'Google' },
  // Microsoft's issuer names the tenant (https://login.microsoftonline.com/<tenant id>/v2.0); tokens carry it as tid.
  microsoft: { issuer: undefined, organisationClaim: 'tid', name: 'Microsoft' },
  oidc: { issuer: undefined, organisationClaim: undefined, name: undefined },
} as const;

/** One provider as written in SSO_PROVIDERS (a JSON array). */
export const SsoProviderEntry = z.strictObject({
  id: SsoProviderId,
  kind: z.enum(['google', 'microsoft', 'oidc']).default('oidc'),
  /** The label of its button; default the kind's name, or the id. */
  name: z.string().min(1).max(60).optional(),
  issuer: z.url().optional(),
  clientId: z.string().min(1).max(512),
  clientSecret: z.string().min(1).max(512).optional(),
  /** Further client ids whose ID tokens POST /login/sso accepts: the mobile apps' own clients at the provider. */
  appClientIds: z.array(z.string().min(1).max(512)).default([]),
  scopes: z
    .string()
    .regex(/^[\x21-\x7e]+( [\x21-\x7e]+)*$/)
    .default('openid email profile'),
  /** Single sign-on restricted to one organisation (spec 000 §6): the claim's required value. */
  organisation: z.string().min(1).max(255).optional(),
  /** The claim naming the organisation; default `hd` for Google, `tid` for Microsoft; needed for `oidc`. */
  organisationClaim: z.string().min(1).max(64).optional(),
});
export type SsoProviderEntry = z.infer<typeof SsoProviderEntry>;

/** A provider ready to use: every default filled in. */
export interface SsoProviderConfig {
  id: string;
  name: string;
  issuer: string;
  clientId: string;
  clientSecret: string | undefined;
  /** Audiences an ID token may be for: the web client first, then the apps'. */
  audiences: string[];
  scopes: string;
  organisation: { claim: string; value: string } | undefined;
}

function resolve(e: SsoProviderEntry): SsoProviderConfig | string {
  const kind = KINDS[e.kind];
  const issuer = e.issuer ?? kind.issuer;
  if (!issuer) return `${e.id}: issuer is required (kind ${e.kind})`;
  const claim = e.organisationClaim ?? kind.organisationClaim;
  if (e.organisation && !claim) return `${e.id}: organisationClaim is required with organisation`;
  return {
    id: e.id,
    name: e.name ?? kind.name ?? e.id,
    issuer: issuer.replace(/\/$/, ''),
    clientId: e.clientId,
    clientSecret: e.clientSecret,
    audiences: [e.clientId, ...e.appClientIds],
    scopes: e.scopes.split(' ').includes('openid') ? e.scopes : `openid ${e.scopes}`,
    organisation: e.organisation && claim ? { claim, value: e.organisation } : undefined,
  };
}

/**
 * SSO_PROVIDERS: a JSON array of providers, e.g.
 * `[{"id":"google","kind":"google","clientId":"…","clientSecret":"…","organisation":"example.com"}]`.
 * Every problem is reported, like the rest of the configuration.
 */
export const SsoProvidersSetting = z.string().transform((text, ctx): SsoProviderConfig[] => {
  let raw: unknown;
  try {
    raw = JSON.parse(text);
  } catch {
    ctx.addIssue({ code: 'custom', message: 'must be a JSON array of providers' });
    return z.NEVER;
  }
  const parsed = z.array(SsoProviderEntry).safeParse(raw);
  if (!parsed.success) {
    for (const i of parsed.error.issues)
      ctx.addIssue({ code: 'custom', message: `${i.path.join('.')}: ${i.message}` });
    return z.NEVER;
  }
  const out: SsoProviderConfig[] = [];
  for (const e of parsed.data) {
    const r = resolve(e);
    if (typeof r === 'string') ctx.addIssue({ code: 'custom', message: r });
    else out.push(r);
  }
  const ids = out.map((p) => p.id);
  if (new Set(ids).size !== ids.length)
    ctx.addIssue({ code: 'custom', message: 'provider ids must be unique' });
  return out;
});

import { z } from 'zod';
import { LoginResult } from './auth.ts';

/**
 * The single sign-on errors of spec 000 §8 (decision 0833): the provider or organisation may not be used here;
 * the provider's account is already linked to another account; no account is linked to it; it has no verified
 * e-mail address to register with.
 */
export const SSO_ERROR_CODES = [
  'sso_cannot_use',
  'sso_account_already_used',
  'sso_no_linked_account',
  'sso_no_email',
] as const;
export type SsoErrorCode = (typeof SSO_ERROR_CODES)[number];

/** A configured provider's id, as in the /sso/:provider routes. */
export const SsoProviderId = z.string().regex(/^[a-z0-9-]{1,40}$/, 'must be a provider id');

export const SsoProviderParams = z.strictObject({ provider: SsoProviderId });

export const SsoProvider = z.object({ id: z.string(), name: z.string() });
export type SsoProvider = z.infer<typeof SsoProvider>;
export const SsoProviders = z.object({ providers: z.array(SsoProvider) });
export type SsoProviders = z.infer<typeof SsoProviders>;

/**
 * Starts an authorisation: `signin` from /sso/:provider/start (or /oauth/:provider/start, `route: 'oauth'`),
 * `convert` for a signed-in user linking the provider (the answer comes back to /sso/:provider/convert/end).
 */
export const SsoStartBody = z.strictObject({
  purpose: z.enum(['signin', 'convert']),
  route: z.enum(['sso', 'oauth']).default('sso'),
});
export type SsoStartBody = z.input<typeof SsoStartBody>;

/** Where to send the browser, and the secret it keeps until it comes back (the callback must come from it). */
export const SsoStartResult = z.object({ url: z.url(), binding: z.string() });
export type SsoStartResult = z.infer<typeof SsoStartResult>;

/** The query string the provider sent the browser back with, and the browser's binding. */
export const SsoCallbackBody = z.strictObject({
  query: z.string().max(8192),
  binding: z.string().min(1).max(200),
});
export type SsoCallbackBody = z.infer<typeof SsoCallbackBody>;

/**
 * A sign-in's end: signed in, or (no account linked to that identity) the verified ID token, which the screen
 * offers to register with (`ssoProvider` + `idToken` in the registration payload).
 */
export const SsoCallbackResult = z.discriminatedUnion('status', [
  z.object({ status: z.literal('signedIn'), login: LoginResult }),
  z.object({
    status: z.literal('unlinked'),
    provider: z.string(),
    idToken: z.string(),
    email: z.string().nullable(),
  }),
]);
export type SsoCallbackResult = z.infer<typeof SsoCallbackResult>;

export const SsoLinked = z.object({ provider: z.string(), email: z.string().nullable() });
export type SsoLinked = z.infer<typeof SsoLinked>;

/** POST /login/sso/{provider} (spec 000 §7): the app's ID token and the provider's refresh token. */
export const SsoLoginBody = z.strictObject({
  id_token: z.string().min(1).max(8192),
  refresh_token: z.string().max(4096).optional(),
});
export type SsoLoginBody = z.infer<typeof SsoLoginBody>;

import { HttpError, unauthorised } from '../../http/errors.ts';

/**
 * The four single sign-on errors of spec 000 §8 (the spec names them; the wording and statuses are decision 0833).
 * Anything wrong with a token itself (signature, issuer, audience, expiry, nonce) is 401 invalid_token.
 */
export const ssoErrors = {
  /** The provider or the organisation may not be used here (not configured, or another organisation). */
  cannotUse: () => new HttpError(403, 'sso_cannot_use', 'This account cannot use single sign-on here'),
  /** The provider's account is already linked to another account. */
  accountAlreadyUsed: () =>
    new HttpError(
      409,
      'sso_account_already_used',
      'This single sign-on account is already used by another account',
    ),
  /** No account is linked to the provider's account. */
  noLinkedAccount: () =>
    new HttpError(404, 'sso_no_linked_account', 'No account is linked to this single sign-on account'),
  /** Registering needs an e-mail address the provider has verified. */
  noEmail: () =>
    new HttpError(400, 'sso_no_email', 'The single sign-on account has no verified e-mail address'),
};

export const invalidIdToken = (why: string) =>
  unauthorised(`The sign-in could not be verified: ${why}`, 'invalid_token');

export const providerUnreachable = () =>
  new HttpError(503, 'internal', 'The sign-in provider cannot be reached; try again later');

import type { SsoErrorCode } from '@vigil/contracts/sso';
import { ApiRequestError } from '../../shared/api/client.ts';
import { errorText } from '../../shared/api/error-text.ts';
import type { TFunction } from '../../shared/i18n/translator.ts';

const SSO_CODES: readonly SsoErrorCode[] = [
  'sso_cannot_use',
  'sso_account_already_used',
  'sso_no_linked_account',
  'sso_no_email',
];

/** The four single sign-on errors (spec 000 §8) in the person's language; anything else as the app says errors. */
export function ssoErrorText(err: unknown, t: TFunction): string {
  if (err instanceof ApiRequestError && (SSO_CODES as readonly string[]).includes(err.code))
    return t(`sso.errors.${err.code}`);
  return errorText(err, t);
}

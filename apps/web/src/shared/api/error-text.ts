import type { TFunction } from 'i18next';
import { ApiRequestError, NetworkError } from './client.ts';

/** What a person reads for a failed call: the server's readable message, or a translated generic one. */
export function errorText(err: unknown, t: TFunction): string {
  if (err instanceof ApiRequestError) return err.message;
  if (err instanceof NetworkError) return t('errors.network');
  return t('errors.generic');
}

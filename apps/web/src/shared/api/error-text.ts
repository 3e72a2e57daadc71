import type { TFunction } from '../i18n/translator.ts';
import { ApiRequestError, NetworkError } from './client.ts';

/**
 * What a person reads for a failed call: the server's readable message, or a translated one (the database being
 * away concerns every screen, so it is said in the person's language: decision 0015).
 */
export function errorText(err: unknown, t: TFunction): string {
  if (err instanceof ApiRequestError) {
    if (err.code === 'database_unavailable' || err.code === 'database_busy') return t(`errors.${err.code}`);
    return err.message;
  }
  if (err instanceof NetworkError) return t('errors.network');
  return t('errors.generic');
}

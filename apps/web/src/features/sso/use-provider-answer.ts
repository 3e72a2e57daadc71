import '../../shared/i18n/sso.texts.ts';
import type { SsoCallbackBody } from '@vigil/contracts/sso';
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from '../../shared/i18n/use-translation.ts';
import { ssoErrorText } from './error-text.ts';
import { clearPending, type PendingSso, readPending } from './pending.ts';

/**
 * The way back from the provider (/sso/:provider/end, /oauth/:provider/end, /sso/:provider/convert/end): sends the
 * provider's answer with this tab's binding, once. Without a pending sign-in this tab did not start it (or used
 * it): that is the error.
 */
export function useProviderAnswer<T>(
  provider: string,
  purpose: PendingSso['purpose'],
  finish: (provider: string, body: SsoCallbackBody) => Promise<T>,
): { answer: T | undefined; error: string | undefined } {
  const { t } = useTranslation();
  const [pending] = useState(() => readPending(provider, purpose));
  const [answer, setAnswer] = useState<T>();
  const [error, setError] = useState<string>();
  // Once, even when React runs effects twice (development): the server takes each state once.
  const sent = useRef(false);
  useEffect(() => {
    if (sent.current || !pending) return;
    sent.current = true;
    clearPending();
    finish(provider, { query: location.search, binding: pending.binding })
      .then(setAnswer)
      .catch((err: unknown) => setError(ssoErrorText(err, t)));
  }, [provider, pending, finish, t]);
  return { answer, error: pending ? error : t('sso.notStartedHere') };
}

import type { SsoCallbackBody, SsoCallbackResult } from '@vigil/contracts/sso';
import { apiFetch } from '../../../shared/api/client.ts';

/** POST /sso/{provider}/callback: the provider's answer for a sign-in; signed in, or the identity to register. */
export async function finishSignIn(provider: string, body: SsoCallbackBody): Promise<SsoCallbackResult> {
  const { SsoCallbackResult } = await import('@vigil/contracts/sso');
  return apiFetch(`/sso/${encodeURIComponent(provider)}/callback`, SsoCallbackResult, {
    method: 'POST',
    body,
  });
}

import type { SsoCallbackBody, SsoLinked } from '@vigil/contracts/sso';
import { apiFetch } from '../../../shared/api/client.ts';

/** POST /sso/{provider}/link: the provider's answer for a convert; links it to the signed-in account. */
export async function finishLink(provider: string, body: SsoCallbackBody): Promise<SsoLinked> {
  const { SsoLinked } = await import('@vigil/contracts/sso');
  return apiFetch(`/sso/${encodeURIComponent(provider)}/link`, SsoLinked, { method: 'POST', body });
}

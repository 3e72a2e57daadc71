import type { SsoStartBody, SsoStartResult } from '@vigil/contracts/sso';
import { apiFetch } from '../../../shared/api/client.ts';

/**
 * POST /sso/{provider}/authorize (decision 0832): the provider's address to send the browser to, and the secret
 * this browser keeps until it comes back. With the session's token when linking (convert).
 */
export async function authorize(provider: string, body: SsoStartBody): Promise<SsoStartResult> {
  const { SsoStartResult } = await import('@vigil/contracts/sso');
  return apiFetch(`/sso/${encodeURIComponent(provider)}/authorize`, SsoStartResult, { method: 'POST', body });
}

import { apiFetch } from '../../../shared/api/client.ts';

/**
 * POST /account/register?caller=web with `ssoProvider` and `idToken` (spec 000 §3): an account for a verified
 * identity nobody has linked. No region override: the identity registers where it signed in.
 */
export async function registerBySso(provider: string, idToken: string): Promise<{ uid: string }> {
  const { RegisterResult } = await import('@vigil/contracts/register');
  return apiFetch('/account/register', RegisterResult, {
    method: 'POST',
    query: { caller: 'web' },
    body: { ssoProvider: provider, idToken },
  });
}
